import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

function appServing(contentType: string) {
  const app = new Hono();
  app.use('*', securityHeaders({ https: true }));
  app.get('/file', (c) => c.body('x', 200, { 'Content-Type': contentType }));
  return app;
}

const DOCUMENT_ONLY = [
  'content-security-policy',
  'x-frame-options',
  'permissions-policy',
  'cross-origin-opener-policy',
];

describe('securityHeaders', () => {
  it.each([
    'text/html; charset=utf-8',
    'image/svg+xml',
    'application/json',
    'text/plain; charset=utf-8',
    'application/xml',
  ])('gives %s, which a browser can show as a document, every header', async (type) => {
    const response = await appServing(type).request('/file');
    for (const name of DOCUMENT_ONLY) expect(response.headers.get(name), name).toBeTruthy();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it.each([
    'text/javascript; charset=utf-8',
    'text/css; charset=utf-8',
    'font/woff2',
    'image/webp',
    'video/mp4',
  ])('leaves the document-only headers off %s, and keeps the rest', async (type) => {
    const response = await appServing(type).request('/file');
    for (const name of DOCUMENT_ONLY) expect(response.headers.get(name), name).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('treats a response without a type as a document', async () => {
    const app = new Hono();
    app.use('*', securityHeaders({ https: false }));
    app.get('/none', () => new Response(null, { status: 204 }));
    const response = await app.request('/none');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
