import type { RouteId } from '@shared/routes';

/** What the shell needs to know about the page a route shows. */
export type RouteHandle = { routeId: RouteId };

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'routeId' in value;
}
