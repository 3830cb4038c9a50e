import { loadSonner, toasterStore } from '@client/lib/toast';
import { MOBILE_BREAKPOINT_PX } from '@client/lib/ui-constants';
import { useMediaQuery } from '@client/lib/use-media-query';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

const SonnerToaster = lazy(() => loadSonner().then((mod) => ({ default: mod.Toaster })));

function MountedSignal() {
  useEffect(() => toasterStore.markMounted(), []);
  return null;
}

/**
 * Spec §9: toasts at the bottom centre below 768 px, at the top right otherwise, there below the page
 * header, so they never cover its links (sign out, settings, the language switch) while they last.
 */
const BELOW_HEADER = { top: 84, right: 24 };

export function Toaster() {
  const requested = useSyncExternalStore(toasterStore.subscribe, toasterStore.requested, () => false);
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position={mobile ? 'bottom-center' : 'top-right'}
        offset={mobile ? undefined : BELOW_HEADER}
        theme="system"
        closeButton
        richColors
      />
      <MountedSignal />
    </Suspense>
  );
}
