import './styles/app.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { type InitialRender, InitialRenderContext } from './app/initial-render';
import { browserQueryClient, Providers } from './app/providers';
import { createRouter, createRoutes, resolveLazyRoutes } from './app/router';
import { repeatEarlyClick } from './lib/early-click';
import { initI18n, initialLocale } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * Public pages arrive rendered by the server (decision 013) and are hydrated once their code is here. If
 * that code cannot be loaded, the page is rendered from scratch, which shows the error screen.
 */
async function canHydrate(routes: ReturnType<typeof createRoutes>): Promise<boolean> {
  if (!container?.hasChildNodes()) return false;
  try {
    await resolveLazyRoutes(routes, window.location);
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}

// A page the browser renders has nothing painted to wait for (public/boot.js marks server-rendered ones).
document.documentElement.dataset.painted = 'true';
await initI18n(initialLocale());
const routes = createRoutes();
const serverRendered = await canHydrate(routes);
const router = createRouter(routes, serverRendered ? { loaderData: {} } : undefined);
const initialRender: InitialRender = serverRendered
  ? { veiled: container.querySelector('[data-reveal-veil]') !== null }
  : null;

/**
 * Marks the document once the app runs (hydrated or rendered): `html[data-ready]`, for tests and tooling. A
 * button of the server-drawn page tapped before then (remembered by public/boot.js) is tapped again now.
 */
function ReadyMarker() {
  useEffect(() => {
    // `data-app` tells public/boot.js that the app handles the page's veil and buttons from now on.
    document.documentElement.dataset.app = 'react';
    document.documentElement.dataset.ready = 'true';
    repeatEarlyClick();
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <Providers queryClient={browserQueryClient()}>
      <InitialRenderContext.Provider value={initialRender}>
        <RouterProvider router={router} />
        <ReadyMarker />
      </InitialRenderContext.Provider>
    </Providers>
  </StrictMode>
);
if (serverRendered) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread until the whole page is hydrated: a tap or a frame of the video is not kept waiting behind it.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
