import type { Context } from 'hono';
import { type AppEnv, currentStaff } from '../../lib/api';
import { clientIp } from '../../lib/client-ip';
import type { AdminDeps } from './routes';

/** Who makes a change, from where and when: what the services write into the audit log. */
export function staffChange(c: Context<AppEnv>, deps: Pick<AdminDeps, 'config' | 'clock'>) {
  const staff = currentStaff(c);
  return {
    actor: { id: staff.staffId, email: staff.email },
    ip: clientIp(c, deps.config.trustProxy),
    now: deps.clock.now(),
  };
}
