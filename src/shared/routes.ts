/**
 * The one route table of the product (spec §2). The server answers 200 for these paths and 404 for
 * everything else; the client registers exactly these routes. Build links with `href()`, never by hand.
 */

type ParamCheck = (value: string) => boolean;

type RouteDef = {
  readonly path: string;
  /** Checks for `:name` segments; a failing check makes the path unknown (404). */
  readonly params?: Readonly<Record<string, ParamCheck>>;
};

const isDayNumber: ParamCheck = (value) => /^[1-7]$/.test(value);
/** A week's Monday as yyyy-MM-dd (a real date that is a Monday). */
const isWeekStart: ParamCheck = (value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getUTCDay() === 1;
};

export const ROUTES = {
  home: { path: '/' },
  dashboard: { path: '/dashboard' },
  onboarding: { path: '/onboarding' },
  auth: { path: '/auth' },
  invite: { path: '/invite' },
  waitingList: { path: '/waiting-list' },
  adminLogin: { path: '/admin-login' },
  adminList: { path: '/list' },
  adminVideos: { path: '/admin/videos' },
  videos: { path: '/videos' },
  reflectDay: { path: '/reflect/day/:day', params: { day: isDayNumber } },
  chooseLane: { path: '/choose-lane' },
  settings: { path: '/settings' },
  legal: { path: '/legal' },
  gdprConfirmation: { path: '/gdpr-confirmation' },
  ok: { path: '/ok' },
  byebye: { path: '/byebye' },
  app: { path: '/app' },
  profile: { path: '/profile' },
  testHome: { path: '/testhome' },
  history: { path: '/history' },
  historyWeek: { path: '/history/:week', params: { week: isWeekStart } },
  mailOff: { path: '/email-off' },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof ROUTES;

/** The page module file of every route (`src/client/app/routes/<file>.tsx`); TypeScript refuses a missing one. */
const PAGE_FILES: Record<RouteId, string> = {
  home: 'home',
  dashboard: 'dashboard',
  onboarding: 'onboarding',
  auth: 'auth',
  invite: 'invite',
  waitingList: 'waiting-list',
  adminLogin: 'admin-login',
  adminList: 'list',
  adminVideos: 'admin-videos',
  videos: 'videos',
  reflectDay: 'reflect-day',
  chooseLane: 'choose-lane',
  settings: 'settings',
  legal: 'legal',
  gdprConfirmation: 'gdpr-confirmation',
  ok: 'ok',
  byebye: 'byebye',
  app: 'app',
  profile: 'profile',
  testHome: 'test-home',
  history: 'history',
  historyWeek: 'history-week',
  mailOff: 'mail-off',
};

/** The source file of a route's page module, as Vite's manifest names it (the server preloads its chunks). */
export function pageModuleSource(id: RouteId): string {
  return `src/client/app/routes/${PAGE_FILES[id]}.tsx`;
}

/**
 * The pages that make do with the public texts and must not load the signed-in or staff code (issue 15):
 * what a visitor sees before signing in. Every other page loads the rest of the texts with its code.
 */
export const PUBLIC_ROUTES: ReadonlySet<RouteId> = new Set([
  'home',
  'invite',
  'waitingList',
  'videos',
  'legal',
  'auth',
]);

export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsOf<Id extends RouteId> = { [K in ParamNames<(typeof ROUTES)[Id]['path']>]: string | number };

type Query = Record<string, string | number | undefined>;

type HrefArgs<Id extends RouteId> = [ParamNames<(typeof ROUTES)[Id]['path']>] extends [never]
  ? [query?: Query]
  : [params: ParamsOf<Id>, query?: Query];

/** Builds the path of a route, with its parameters and an optional query string. */
export function href<Id extends RouteId>(id: Id, ...args: HrefArgs<Id>): string {
  const pattern: string = ROUTES[id].path;
  const hasParams = pattern.includes(':');
  const params = (hasParams ? args[0] : undefined) as Record<string, string | number> | undefined;
  const query = (hasParams ? args[1] : args[0]) as Query | undefined;
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export type RouteMatch = { id: RouteId; params: Record<string, string> };

const compiled = ROUTE_IDS.map((id) => {
  const def: RouteDef = ROUTES[id];
  return { id, segments: def.path.split('/').filter(Boolean), checks: def.params ?? {} };
});

/** Finds the route a pathname belongs to, or null when the path is not part of the product. */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = pathname.split('/').filter(Boolean);
  for (const route of compiled) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((segment, i) => {
      const part = parts[i] ?? '';
      if (!segment.startsWith(':')) return segment === part;
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return false;
      }
      const name = segment.slice(1);
      params[name] = value;
      const check = route.checks[name];
      return check ? check(value) : true;
    });
    if (matches) return { id: route.id, params };
  }
  return null;
}
