import { matchRoute, ROUTE_IDS, ROUTES, type RouteId } from '@shared/routes';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';
import { NotFound } from './routes/not-found';
import { Shell } from './shell';

type RouteModule = Awaited<ReturnType<NonNullable<Extract<RouteObject['lazy'], () => unknown>>>>;

const comingSoon = () => import('./routes/coming-soon');

/** The page module of every route in the shared route table; TypeScript refuses a missing one. */
const pages: Record<RouteId, () => Promise<RouteModule>> = {
  home: () => import('./routes/home'),
  dashboard: comingSoon,
  onboarding: comingSoon,
  auth: comingSoon,
  invite: () => import('./routes/invite'),
  waitingList: () => import('./routes/waiting-list'),
  adminLogin: comingSoon,
  adminList: comingSoon,
  adminVideos: comingSoon,
  videos: () => import('./routes/videos'),
  reflectDay: comingSoon,
  chooseLane: comingSoon,
  settings: comingSoon,
  legal: () => import('./routes/legal'),
  gdprConfirmation: () => import('./routes/gdpr-confirmation'),
  ok: () => import('./routes/ok'),
  byebye: () => import('./routes/byebye'),
  app: comingSoon,
  profile: comingSoon,
  testHome: comingSoon,
};

/** Paths whose parameters fail the shared checks (say /reflect/day/9) are not found, as on the server. */
function checkParams({ request }: LoaderFunctionArgs) {
  if (!matchRoute(new URL(request.url).pathname)) throw data(null, { status: 404 });
  return null;
}

function pageRoute(id: RouteId): RouteObject {
  const def: { path: string; params?: object } = ROUTES[id];
  const handle: RouteHandle = { routeId: id };
  const route: RouteObject = { path: def.path, handle, lazy: pages[id] };
  if (def.params) route.loader = checkParams;
  return route;
}

/** Shown while the first page's code loads: nothing, for the moment that takes. */
function NothingYet() {
  return null;
}

export function createRouter() {
  return createBrowserRouter([
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
  ]);
}
