import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ROUTE_IDS, ROUTES } from '@shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { loadClientAssets, pickEncoding } from './client-assets';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Mirror</title>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const SCRIPT = `console.log(${JSON.stringify('mirror '.repeat(200))});`;

let dir: string;
let t: TestContext;

function write(relative: string, body: string | Buffer) {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-client-'));
  write('index.html', INDEX);
  write('assets/index-AbCd1234.js', SCRIPT);
  write('assets/index-AbCd1234.js.br', brotliCompressSync(SCRIPT));
  write('assets/index-AbCd1234.js.gz', gzipSync(SCRIPT));
  write('assets/de-XyZ98765.js', 'export default {}');
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(
    '.vite/manifest.json',
    JSON.stringify({ 'src/shared/i18n/de.json': { file: 'assets/de-XyZ98765.js' } }),
  );
  t = await createTestApp({ clientAssets: await loadClientAssets(dir) });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const samplePath = (pattern: string) => pattern.replace(':day', '3');

describe('serving the single-page app', () => {
  it('answers every route of the route table with the app and 200', async () => {
    for (const id of ROUTE_IDS) {
      const response = await t.app.request(samplePath(ROUTES[id].path));
      expect(response.status, id).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers unknown paths with the app and 404, so the client shows its not-found screen', async () => {
    for (const unknown of [
      '/nope',
      '/reflect/day/9',
      '/reflect/day/x',
      '/admin',
      '/index.html',
      '/list/extra',
    ]) {
      const response = await t.app.request(unknown);
      expect(response.status, unknown).toBe(404);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('sets <html lang> from the locale cookie and preloads that language', async () => {
    const german = await (await t.app.request('/invite', { headers: { cookie: 'locale=de' } })).text();
    expect(german).toContain('<html lang="de"');
    expect(german).toContain('<link rel="modulepreload" crossorigin href="/assets/de-XyZ98765.js">');
    const english = await (await t.app.request('/invite', { headers: { cookie: 'locale=fr' } })).text();
    expect(english).toContain('<html lang="en"');
    expect(english).not.toContain('de-XyZ98765');
  });

  it('puts the security headers on pages', async () => {
    const response = await t.app.request('/nope');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('compresses HTML for clients that accept it', async () => {
    const br = await t.app.request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain('<div id="root">');
    const gzip = await t.app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain('<div id="root">');
  });

  it('serves hashed assets for a year, immutable, with the precompressed variant', async () => {
    const response = await t.app.request('/assets/index-AbCd1234.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await t.app.request('/assets/index-AbCd1234.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('revalidates files without a hash in their name, answering 304 when unchanged', async () => {
    const first = await t.app.request('/favicon.svg');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-type')).toBe('image/svg+xml');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.request('/favicon.svg', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const response = await t.app.request('/assets/gone-12345678.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');
  });

  it('does not serve build metadata', async () => {
    expect((await t.app.request('/.vite/manifest.json')).status).toBe(404);
  });

  it('redirects a trailing slash to the canonical path, keeping the query', async () => {
    const response = await t.app.request('/invite/?ref=mail');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/invite?ref=mail');
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await t.app.request('/videos', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('choosing an encoding', () => {
  const all = ['br', 'gzip', 'identity'] as const;
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', 'identity'],
    ['*', 'gzip'],
    ['deflate', 'identity'],
  ])('%j gives %s', (header, expected) => {
    expect(pickEncoding(header, all)).toBe(expected);
  });

  it('only picks what is available', () => {
    expect(pickEncoding('br, gzip', ['identity'])).toBe('identity');
  });
});
