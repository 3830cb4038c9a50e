import { usePageSeo } from '@client/features/site/api/page-content';
import { cn } from '@client/lib/cn';
import { useIsClient } from '@client/lib/use-is-client';
import { routeDocumentTitle, seoPageOfRoute } from '@shared/domain/seo';
import type { RouteId } from '@shared/routes';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration, useLocation, useMatches } from 'react-router';
import { Footer } from './footer';
import { useLayoutGlide } from './layout-glide';
import { PageTransition } from './page-transition';
import { useReveal } from './reveal';
import { RevealVeil } from './reveal-veil';
import { isRouteHandle } from './route-handle';

/** Pages drawn over a dark background video use the dark palette whatever the system setting. */
const DARK_SURFACE_ROUTES: ReadonlySet<RouteId> = new Set(['home', 'testHome']);

function currentRouteId(matches: ReturnType<typeof useMatches>): RouteId | undefined {
  const handle = matches.at(-1)?.handle;
  return isRouteHandle(handle) ? handle.routeId : undefined;
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

/** After a client-side navigation, moves focus to the new page so screen readers announce it. */
function useFocusOnNavigation(pathname: string) {
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation, keyed on the path
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
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
  const isClient = useIsClient();

  return (
    <div
      data-surface={routeId && DARK_SURFACE_ROUTES.has(routeId) ? 'dark' : undefined}
      className="bg-surface text-fg"
    >
      {/* public/boot.js opens this (data-shell-content) when the veil is tapped before the app runs. */}
      <div
        data-shell-content=""
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
          <PageTransition pathname={pathname} />
        </main>
        <div ref={footerRef}>
          <Footer />
        </div>
      </div>
      {veiled && <RevealVeil revealing={reveal === 'revealing'} onReveal={onReveal} />}
      {/* Its server rendering is an inline script, which the CSP forbids; it is only needed in the browser. */}
      {isClient && <ScrollRestoration />}
    </div>
  );
}
