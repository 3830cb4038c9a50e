import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sendJson, type TestContext } from './test/test-app';
import { createTestDatabase } from './test/test-db';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
  expect(response.headers.get('x-request-id')).toBeTruthy();
  expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
}

describe('health', () => {
  it('answers ok after a database round trip', async () => {
    const response = await t.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(response);
  });

  it('answers 503 when the database does not answer', async () => {
    const broken = await createTestApp({ database: await createTestDatabase({ reusable: false }) });
    await broken.database.close();
    const response = await broken.app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
    await broken.close();
  });
});

describe('API basics', () => {
  it('describes itself in OpenAPI 3.1', async () => {
    const response = await t.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/locale']));
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found' } });
    expectSecurityHeaders(response);
  });

  it('echoes a well-formed request id and replaces a malformed one', async () => {
    const kept = await t.app.request('/api/health', { headers: { 'x-request-id': 'abcd-1234-efgh' } });
    expect(kept.headers.get('x-request-id')).toBe('abcd-1234-efgh');
    const replaced = await t.app.request('/api/health', { headers: { 'x-request-id': 'bad id\r\n' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses cross-site form posts', async () => {
    const response = await t.app.request('/api/locale', {
      method: 'PUT',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'locale=de',
    });
    expect(response.status).toBe(403);
    expectSecurityHeaders(response);
  });

  it('does not serve the client when none is loaded', async () => {
    expect((await t.app.request('/')).status).toBe(404);
  });
});

describe('locale preference', () => {
  it('stores the language in an HttpOnly cookie for 365 days', async () => {
    const response = await sendJson(t.app, { method: 'PUT', path: '/api/locale', body: { locale: 'de' } });
    expect(response.status).toBe(204);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^locale=de;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
  });

  it('rejects an unsupported language with a validation error', async () => {
    const response = await sendJson(t.app, { method: 'PUT', path: '/api/locale', body: { locale: 'fr' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
    expect(body.error.code).toBe('validation');
    expect(body.error.issues[0]?.path).toBe('locale');
  });

  it('rejects a body that is not JSON', async () => {
    const response = await sendJson(t.app, { method: 'PUT', path: '/api/locale', body: '{nope' });
    expect(response.status).toBe(400);
  });
});

describe('under https', () => {
  it('adds HSTS and marks cookies Secure', async () => {
    const secure = await createTestApp({ env: { APP_URL: 'https://mirror.example.com' } });
    const health = await secure.app.request('/api/health');
    expect(health.headers.get('strict-transport-security')).toContain('max-age=');
    expect(health.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    const response = await sendJson(secure.app, {
      method: 'PUT',
      path: '/api/locale',
      body: { locale: 'en' },
      headers: { origin: 'https://mirror.example.com' },
    });
    expect(response.headers.get('set-cookie')).toContain('Secure');
    await secure.close();
  });

  it('sends a request that reached the trusted proxy over http to the https origin of APP_URL', async () => {
    const secure = await createTestApp({ env: { APP_URL: 'https://mirror.example.com', TRUST_PROXY: '1' } });
    try {
      const viaHttp = {
        'x-forwarded-proto': 'http',
        'x-forwarded-for': '198.51.100.4',
        host: 'evil.example',
      };
      const page = await secure.app.request('http://evil.example/invite?ref=mail', { headers: viaHttp });
      expect(page.status).toBe(301);
      expect(page.headers.get('location')).toBe('https://mirror.example.com/invite?ref=mail');
      const post = await secure.app.request('/api/waitlist', { method: 'POST', headers: viaHttp });
      expect(post.status).toBe(308);
      expect(post.headers.get('location')).toBe('https://mirror.example.com/api/waitlist');
      // Over https, for the load balancer's health check, and from a client no proxy vouches for: no redirect.
      const viaHttps = { ...viaHttp, 'x-forwarded-proto': 'https' };
      expect((await secure.app.request('/api/site/config', { headers: viaHttps })).status).toBe(200);
      expect((await secure.app.request('/api/health', { headers: viaHttp })).status).toBe(200);
    } finally {
      await secure.close();
    }
    const untrusted = await createTestApp({ env: { APP_URL: 'https://mirror.example.com' } });
    try {
      const response = await untrusted.app.request('/api/site/config', {
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(response.status).toBe(200);
    } finally {
      await untrusted.close();
    }
  });

  it('leaves HSTS out over plain http', async () => {
    expect((await t.app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });
});
