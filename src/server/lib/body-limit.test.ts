import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInStaff, staffHeaders } from '../test/staff';
import { createTestApp, errorCodeOf, type TestContext } from '../test/test-app';
import { DEFAULT_BODY_LIMIT_BYTES } from './body-limit';

const APP_URL = 'https://mirror.test';
const CHUNK = 64 * 1024;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
});

/** A body of `bytes` (spaces, then `{}`) that counts how much of it was read. */
function countedBody(bytes: number) {
  const read = { bytes: 0 };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(CHUNK, bytes - sent);
      const chunk = new Uint8Array(size).fill(0x20);
      if (sent + size >= bytes) chunk.set([0x7b, 0x7d], size - 2);
      sent += size;
      read.bytes = sent;
      controller.enqueue(chunk);
    },
  });
  return { stream, read };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: APP_URL, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

describe('request bodies', () => {
  it('refuses a declared length over 1 MB with 413 before reading a byte', async () => {
    const { stream, read } = countedBody(450 * 1024 * 1024);
    const response = await post('/api/waitlist', stream, { 'content-length': String(450 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(await errorCodeOf(response)).toBe('payload_too_large');
    // The source stream may have been asked for one chunk ahead; nothing near the limit was taken.
    expect(read.bytes).toBeLessThanOrEqual(2 * CHUNK);
  });

  it('stops reading a body without a declared length as soon as it passes 1 MB', async () => {
    const { stream, read } = countedBody(50 * 1024 * 1024);
    const response = await post('/api/waitlist', stream);
    expect(response.status).toBe(413);
    expect(await errorCodeOf(response)).toBe('payload_too_large');
    expect(read.bytes).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT_BYTES + 2 * CHUNK);
  });

  it('takes bodies up to the limit as before', async () => {
    const body = JSON.stringify({ email: 'bodies@example.com', consent: true, website: '', language: 'en' });
    const padded = body.padEnd(DEFAULT_BODY_LIMIT_BYTES - 10, ' ');
    const response = await post('/api/waitlist', padded, { 'x-forwarded-for': '203.0.113.77' });
    expect(response.status).toBe(201);
  });

  it('lets a route that needs more take more: a campaign selection of 40,000 entries (about 1.6 MB)', async () => {
    const staff = await createSignedInStaff(t);
    const body = JSON.stringify({ entryIds: Array.from({ length: 40_000 }, () => randomUUID()) });
    expect(body.length).toBeGreaterThan(DEFAULT_BODY_LIMIT_BYTES);
    const response = await t.app.request('/api/admin/campaigns/plan', {
      method: 'POST',
      headers: staffHeaders(t, staff),
      body,
    });
    expect(response.status).toBe(200);
  });

  it('keeps the upload routes to their own streaming limits (a 3 MB poster is refused as too large, not as a body)', async () => {
    const staff = await createSignedInStaff(t);
    const png = new Uint8Array(3 * 1024 * 1024);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await t.app.request('/api/admin/videos/thumbnails', {
      method: 'POST',
      headers: { ...staffHeaders(t, staff), 'content-type': 'image/png' },
      body: png,
    });
    expect(response.status).toBe(413);
    expect(await errorCodeOf(response)).toBe('image_too_large');
  });
});
