import { ApiError, apiRequest } from '@client/lib/api-client';

/**
 * Every call of the admin API goes through here: the same as `apiRequest` with the `/admin` prefix, and a
 * 401 `admin_session_missing` (expired, ended elsewhere, or never signed in) is reported to whoever listens,
 * so the dashboard can send the staff member back to the sign-in page from one place.
 */

type AdminRequestOptions = Parameters<typeof apiRequest>[1];
type SessionLostListener = () => void;

const sessionLostListeners = new Set<SessionLostListener>();

/** Hears about a lost staff session; returns the unsubscribe. */
export function onAdminSessionLost(listener: SessionLostListener): () => void {
  sessionLostListeners.add(listener);
  return () => {
    sessionLostListeners.delete(listener);
  };
}

/** Tells the listeners that the staff session is gone (also used by the live stream when it is refused). */
export function reportAdminSessionLost(): void {
  for (const listener of [...sessionLostListeners]) listener();
}

export function isAdminSessionMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'admin_session_missing';
}

/** `path` is below `/api/admin`, e.g. `/waitlist`. */
export async function adminRequest<T = void>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  try {
    return await apiRequest<T>(`/admin${path}`, options);
  } catch (error) {
    if (isAdminSessionMissing(error)) reportAdminSessionLost();
    throw error;
  }
}
