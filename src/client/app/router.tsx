import { loadAllMessages } from '@client/lib/i18n';
import { matchRoute, PUBLIC_ROUTES, pageModuleSource, ROUTE_IDS, ROUTES, type RouteId } from '@shared/routes';
import {
  createBrowserRouter,
  data,
  type HydrationState,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
} from 'react-router';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';
import { NotFound } from './routes/not-found';
import { Shell } from './shell';

type RouteModule = Awaited<ReturnType<NonNullable<Extract<RouteObject['lazy'], () => unknown>>>>;

/** Every route module, loaded on demand; the key is the file, which the server maps to its chunks. */
const routeModules = import.meta.glob<RouteModule>('./routes/*.tsx');

function loadPage(id: RouteId): () => Promise<RouteModule> {
  const load = routeModules[`./${pageModuleSource(id).slice('src/client/app/'.length)}`];
  if (!load) throw new Error(`no route module for ${id}`);
  if (PUBLIC_ROUTES.has(id)) return load;
  // Pages beyond the public ones render with the rest of the texts, loaded beside their code.
  return async () => (await Promise.all([load(), loadAllMessages()]))[0];
}

/** Paths whose parameters fail the shared checks (say /reflect/day/9) are not found, as on the server. */
function checkParams({ request }: LoaderFunctionArgs) {
  if (!matchRoute(new URL(request.url).pathname)) throw data(null, { status: 404 });
  return null;
}

function pageRoute(id: RouteId): RouteObject {
  const def: { path: string; params?: object } = ROUTES[id];
  const handle: RouteHandle = { routeId: id };
  const route: RouteObject = { path: def.path, handle, lazy: loadPage(id) };
  if (def.params) route.loader = checkParams;
  return route;
}

/** Shown while the first page's code loads: nothing, for the moment that takes. */
function NothingYet() {
  return null;
}

/** The route objects: built per router, because loading a lazy route writes into its object. */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Shell,
      HydrateFallback: NothingYet,
      children: [
        {
          errorElement: <RouteError />,
          children: [...ROUTE_IDS.map(pageRoute), { path: '*', Component: NotFound }],
        },
      ],
    },
  ];
}

/**
 * Loads the page modules of the routes a server-rendered page matched, so that hydration renders the same
 * tree the server did instead of a fallback.
 */
export async function resolveLazyRoutes(routes: RouteObject[], location: Location) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, module, { lazy: undefined });
    }),
  );
}

export function createRouter(routes: RouteObject[], hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}
