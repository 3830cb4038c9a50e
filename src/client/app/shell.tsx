import { requestMotionFeatures } from '@client/lib/motion-loader';
import { MOTION } from '@client/lib/ui-constants';
import { AnimatePresence, m, useReducedMotion } from 'motion/react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration, useLocation, useMatches, useOutlet } from 'react-router';
import { Footer } from './footer';
import { isRouteHandle } from './route-handle';

/** Keeps the page that is leaving on screen while it fades out, instead of the one arriving. */
function FrozenOutlet() {
  const outlet = useOutlet();
  const [frozen] = useState(outlet);
  return frozen;
}

function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const last = matches.at(-1);
  const handle = last?.handle;
  const appName = t('app.name');
  const title = isRouteHandle(handle)
    ? handle.routeId === 'home'
      ? appName
      : `${t(`routes.${handle.routeId}`, last?.params)} · ${appName}`
    : `${t('routes.notFound')} · ${appName}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * After a client-side navigation: moves focus to the new page so screen readers announce it, and makes sure
 * the animation features are on their way.
 */
function useFocusOnNavigation(pathname: string) {
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation, keyed on the path
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    requestMotionFeatures();
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

/**
 * The layout transition (spec §9, 0.45 s): when the page above changes height, the footer glides to its new
 * place instead of jumping (a FLIP animation on the compositor; motion's layout feature costs 15 kB more).
 */
function useLayoutGlide(contentRef: RefObject<HTMLElement | null>, movingRef: RefObject<HTMLElement | null>) {
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    const content = contentRef.current;
    const moving = movingRef.current;
    if (!content || !moving || reduceMotion) return;
    let lastTop = moving.getBoundingClientRect().top + window.scrollY;
    const observer = new ResizeObserver(() => {
      const top = moving.getBoundingClientRect().top + window.scrollY;
      const delta = lastTop - top;
      lastTop = top;
      if (Math.abs(delta) < 1) return;
      moving.animate([{ transform: `translateY(${delta}px)` }, { transform: 'none' }], {
        duration: MOTION.layoutSeconds * 1000,
        easing: 'cubic-bezier(0.22, 1, 0.36, 1)',
      });
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [contentRef, movingRef, reduceMotion]);
}

function PageTransition({ pathname, children }: { pathname: string; children: ReactNode }) {
  const reduceMotion = useReducedMotion();
  if (reduceMotion) {
    return (
      <div key={pathname} className="flex flex-1 flex-col">
        {children}
      </div>
    );
  }
  const hidden = { opacity: 0, filter: `blur(${MOTION.blurPx}px)` };
  return (
    <AnimatePresence mode="wait" initial={false}>
      <m.div
        key={pathname}
        className="flex flex-1 flex-col"
        initial={hidden}
        animate={{ opacity: 1, filter: 'blur(0px)', transition: { duration: MOTION.blurInSeconds } }}
        exit={{ ...hidden, transition: { duration: MOTION.blurOutSeconds } }}
      >
        {children}
      </m.div>
    </AnimatePresence>
  );
}

/** The one layout every route lives in (spec §2): animated page changes and the footer. */
export function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mainRef = useFocusOnNavigation(pathname);
  const footerRef = useRef<HTMLDivElement>(null);
  useLayoutGlide(mainRef, footerRef);
  useDocumentTitle();

  return (
    <>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-accent px-4 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t('shell.skipToContent')}
        </a>
        <main id="main" ref={mainRef} tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <PageTransition pathname={pathname}>
            <FrozenOutlet />
          </PageTransition>
        </main>
        <div ref={footerRef}>
          <Footer />
        </div>
      </div>
      <ScrollRestoration />
    </>
  );
}
