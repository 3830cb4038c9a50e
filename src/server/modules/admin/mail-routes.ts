import { z } from '@hono/zod-openapi';
import {
  ZEmailSettings,
  ZEmailSettingsState,
  ZMailSendResult,
  ZProviderKeyStatus,
  ZSendTestMail,
  ZSetProviderKey,
} from '@shared/schemas/admin';
import type { Context } from 'hono';
import {
  type AppEnv,
  createApiRouter,
  currentStaff,
  errorResponse,
  jsonBody,
  jsonResponse,
} from '../../lib/api';
import { clientIp } from '../../lib/client-ip';
import { clearProviderKey, getProviderKeyStatus, setProviderKey } from '../mail/provider-key';
import { getEmailSettingsState, sendTestMail, testMailStatus, updateEmailSettings } from '../mail/service';
import { adminRoute } from './permissions';
import type { AdminDeps } from './routes';

const unauthorized = errorResponse('admin_session_missing');

const getSettingsRoute = adminRoute('newsletters', {
  method: 'get',
  path: '/admin/mail/settings',
  tags: ['admin'],
  summary: 'E-mail routing: the global BCC, whether list mail is sent, and how much the stop holds',
  responses: { 200: jsonResponse('The settings', ZEmailSettingsState), 401: unauthorized },
});

const putSettingsRoute = adminRoute('mailSettings', {
  method: 'put',
  path: '/admin/mail/settings',
  tags: ['admin'],
  summary: 'Changes the e-mail routing settings; auto-send off is the emergency stop (decision 041)',
  request: { body: jsonBody(ZEmailSettings) },
  responses: {
    200: jsonResponse('The settings as stored', ZEmailSettingsState),
    400: errorResponse('invalid_email: the BCC is not an e-mail address'),
    401: unauthorized,
  },
});

const getProviderKeyRoute = adminRoute('mailSettings', {
  method: 'get',
  path: '/admin/mail/provider-key',
  tags: ['admin'],
  summary: 'Whether an e-mail provider key is set, masked',
  responses: { 200: jsonResponse('The key status', ZProviderKeyStatus), 401: unauthorized },
});

const putProviderKeyRoute = adminRoute('mailSettings', {
  method: 'put',
  path: '/admin/mail/provider-key',
  tags: ['admin'],
  summary: 'Stores the e-mail provider key (encrypted); mail then goes through the provider',
  request: { body: jsonBody(ZSetProviderKey) },
  responses: {
    200: jsonResponse('The key status', ZProviderKeyStatus),
    400: errorResponse('invalid_api_key: the key is blank, or not one run of visible ASCII characters'),
    401: unauthorized,
  },
});

const deleteProviderKeyRoute = adminRoute('mailSettings', {
  method: 'delete',
  path: '/admin/mail/provider-key',
  tags: ['admin'],
  summary: 'Removes the e-mail provider key; mail goes through SMTP (or files) again',
  responses: { 200: jsonResponse('The key status', ZProviderKeyStatus), 401: unauthorized },
});

const testMailRoute = adminRoute('mailSettings', {
  method: 'post',
  path: '/admin/mail/test',
  tags: ['admin'],
  summary: 'Sends a test e-mail now, also while auto-send is off (with the global BCC)',
  description:
    '`sent` only when the SMTP server (or the provider) accepted it; `retrying` when it was refused for now ' +
    'and waits in the outbox for its next attempt (`retryAt`); `failed` with the reason otherwise.',
  request: { body: jsonBody(ZSendTestMail) },
  responses: {
    200: jsonResponse('What happened to it', ZMailSendResult),
    400: errorResponse('invalid_email: not an e-mail address'),
    401: unauthorized,
  },
});

const testMailStatusRoute = adminRoute('mailSettings', {
  method: 'get',
  path: '/admin/mail/test/{id}',
  tags: ['admin'],
  summary: 'What became of a test e-mail since: sent on a retry, still waiting, or given up',
  request: { params: z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) }) },
  responses: {
    200: jsonResponse('Its state now', ZMailSendResult),
    401: unauthorized,
    404: errorResponse('not_found: no such test e-mail'),
  },
});

/** The e-mail routing, provider key and test cards of /list. */
export function adminMailRoutes(deps: AdminDeps) {
  const change = (c: Context<AppEnv>) => {
    const staff = currentStaff(c);
    return {
      actor: { id: staff.staffId, email: staff.email },
      ip: clientIp(c, deps.config.trustProxy),
      now: deps.clock.now(),
    };
  };
  // This process sends the next message the new way at once; other processes within their key cache time.
  const refreshTransport = () => deps.mail.transport.describe({ refresh: true }).catch(() => undefined);

  return createApiRouter()
    .openapi(getSettingsRoute, async (c) => c.json(await getEmailSettingsState(deps.db), 200))
    .openapi(putSettingsRoute, async (c) => {
      const outcome = await updateEmailSettings(deps.db, { ...c.req.valid('json'), ...change(c) });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 400);
      return c.json(await getEmailSettingsState(deps.db), 200);
    })
    .openapi(getProviderKeyRoute, async (c) => c.json(await getProviderKeyStatus(deps.db), 200))
    .openapi(putProviderKeyRoute, async (c) => {
      const { key } = c.req.valid('json');
      const outcome = await setProviderKey(deps.db, { secret: deps.secret, key, ...change(c) });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 400);
      await refreshTransport();
      return c.json(outcome.status, 200);
    })
    .openapi(deleteProviderKeyRoute, async (c) => {
      const status = await clearProviderKey(deps.db, change(c));
      await refreshTransport();
      return c.json(status, 200);
    })
    .openapi(testMailRoute, async (c) => {
      const { to, locale } = c.req.valid('json');
      const outcome = await sendTestMail(deps.mail, { to, locale, appUrl: deps.config.appUrl, ...change(c) });
      if (!outcome.ok) return c.json({ error: { code: outcome.error } }, 400);
      return c.json(outcome.result, 200);
    })
    .openapi(testMailStatusRoute, async (c) => {
      const status = await testMailStatus(deps.db, c.req.valid('param').id);
      if (!status) return c.json({ error: { code: 'not_found' as const } }, 404);
      return c.json(status, 200);
    });
}
