import { usePageSeo } from '@client/features/site/api/page-content';
import { cn } from '@client/lib/cn';
import { requestMotionFeatures } from '@client/lib/motion-loader';
import { setFlag } from '@client/lib/session-flags';
import { MOTION } from '@client/lib/ui-constants';
import { routeDocumentTitle, seoPageOfRoute } from '@shared/domain/seo';
import type { RouteId } from '@shared/routes';
import { AnimatePresence, m, useReducedMotion } from 'motion/react';
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration, useLocation, useMatches, useOutlet } from 'react-router';
import { Footer } from './footer';
import { ARRIVAL_BLUR_LIFT_MS, REVEAL_DURATION_MS, type RevealStart, revealStartFor } from './reveal';
import { RevealVeil } from './reveal-veil';
import { isRouteHandle } from './route-handle';

/** Pages drawn over a dark background video use the dark palette whatever the system setting. */
const DARK_SURFACE_ROUTES: ReadonlySet<RouteId> = new Set(['home', 'testHome']);

type RevealState = RevealStart | 'revealing';

// Decided once per navigation: deciding clears one-shot flags, and React may render twice.
const startsByNavigation = new Map<string, RevealStart>();
function startFor(locationKey: string, pathname: string): RevealStart {
  let start = startsByNavigation.get(locationKey);
  if (!start) {
    start = revealStartFor(pathname);
    startsByNavigation.set(locationKey, start);
  }
  return start;
}

/** Spec §4 "Shell blur and reveal": the veil, the reveal animation and the blur that lifts on arrival. */
function useReveal() {
  const location = useLocation();
  const reduceMotion = useReducedMotion();
  const [state, setState] = useState<RevealState>(() => startFor(location.key, location.pathname));

  // Only a new path is a new page: a change of the query string (a language switch) keeps the state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the path on purpose
  useLayoutEffect(() => {
    setState(startFor(location.key, location.pathname));
  }, [location.pathname]);

  useEffect(() => {
    if (state !== 'lifting' && state !== 'revealing') return;
    const delay = state === 'lifting' ? ARRIVAL_BLUR_LIFT_MS : REVEAL_DURATION_MS;
    const timer = setTimeout(() => setState('clear'), reduceMotion ? 0 : delay);
    return () => clearTimeout(timer);
  }, [state, reduceMotion]);

  const reveal = () => {
    setFlag('revealed');
    setState(reduceMotion ? 'clear' : 'revealing');
  };
  return { state, reveal };
}

function currentRouteId(matches: ReturnType<typeof useMatches>): RouteId | undefined {
  const handle = matches.at(-1)?.handle;
  return isRouteHandle(handle) ? handle.routeId : undefined;
}

/** Keeps the page that is leaving on screen while it fades out, instead of the one arriving. */
function FrozenOutlet() {
  const outlet = useOutlet();
  const [frozen] = useState(outlet);
  return frozen;
}

/** The head of the current route: SEO data on public pages; elsewhere the route's title and noindex. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const last = matches.at(-1);
  const handle = last?.handle;
  const route = isRouteHandle(handle) ? { id: handle.routeId, params: last?.params } : null;
  // Same title as the server renders (shared/domain/seo.ts); the keys are routes.<id>, app.name.
  const title = routeDocumentTitle((key, params) => t(key as 'app.name', params), route);
  usePageSeo(route ? seoPageOfRoute(route.id) : null, { title });
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
  const routeId = currentRouteId(useMatches());
  const { state: reveal, reveal: onReveal } = useReveal();
  const veiled = reveal === 'veiled' || reveal === 'revealing';

  return (
    <div
      data-surface={routeId && DARK_SURFACE_ROUTES.has(routeId) ? 'dark' : undefined}
      className="bg-surface text-fg"
    >
      <div
        inert={veiled}
        aria-hidden={veiled || undefined}
        className={cn(
          'flex min-h-dvh flex-col transition-[filter] duration-1000 ease-out',
          reveal === 'lifting' && 'blur-2xl',
        )}
      >
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
      {veiled && <RevealVeil revealing={reveal === 'revealing'} onReveal={onReveal} />}
      <ScrollRestoration />
    </div>
  );
}
