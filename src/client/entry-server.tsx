import { pageModuleSource } from '@shared/routes';
import type { SsrRender } from '@shared/ssr';
import { createInstance } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { InitialRenderContext } from './app/initial-render';
import { createQueryClient, Providers } from './app/providers';
import { decideRevealStart } from './app/reveal';
import { isRouteHandle } from './app/route-handle';
import { createRoutes } from './app/router';
import { pageContentQueryOptions } from './features/site/api/page-content';
import { I18N_OPTIONS } from './lib/i18n';
import { sessionQueryOptions } from './lib/session';

/**
 * Server rendering of a public page (decision 013): the same routes and components as the browser, with a
 * per-request i18n instance and query client filled with what the server already loaded. The browser
 * hydrates this markup.
 */
export const render: SsrRender = async (input) => {
  const routes = createRoutes();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(input.url));
  if (context instanceof Response) return null;

  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: input.locale,
    resources: { [input.locale]: { translation: input.messages } },
  });
  const queryClient = createQueryClient();
  const content = input.pageContent;
  queryClient.setQueryData(pageContentQueryOptions(content.page, content.locale).queryKey, content);
  // Without a session cookie nobody is signed in; the HTML says so to the browser too (decision 054).
  if (input.signedOut) queryClient.setQueryData(sessionQueryOptions.queryKey, { user: null });

  const pathname = new URL(input.url).pathname;
  const start = decideRevealStart(pathname, {
    revealed: input.revealed,
    homeForceClear: input.homeClear,
    fromTransition: false,
  });
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Providers queryClient={queryClient}>
          <InitialRenderContext.Provider value={{ veiled: start !== 'clear' }}>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              hydrate={false}
            />
          </InitialRenderContext.Provider>
        </Providers>
      </I18nextProvider>
    </StrictMode>,
  );
  const modules = context.matches.flatMap(({ route }) =>
    isRouteHandle(route.handle) ? [pageModuleSource(route.handle.routeId)] : [],
  );
  return { html, modules };
};
