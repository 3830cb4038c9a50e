import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  serverLeftovers,
  startServerProcess,
  waitForHealth,
  waitForOutput,
  withMigratedDatabase,
} from './test/server-process';
import { withDatabase } from './test/test-db';

const { running, dirs, cleanUp } = serverLeftovers();

afterEach(cleanUp);

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-main-'));
  dirs.push(dir);
  return dir;
}

const startServer = (env: Record<string, string>) => startServerProcess(env, running);
/** These start on the embedded database whatever the run: once, in the PGlite run, is enough. */
const embeddedOnly = it.skipIf(Boolean(process.env.TEST_DATABASE_URL));

describe('the server process', () => {
  embeddedOnly('stops with exit code 2 and one line naming a bad variable', async () => {
    const started = startServer({ PORT: 'not-a-port', DATA_DIR: tempDir() });
    expect(await started.exited).toBe(2);
    expect(started.output().trim()).toBe(
      'Invalid configuration: PORT must be a port number (got "not-a-port")',
    );
  });

  embeddedOnly(
    'refuses a second process on the same data directory, finishes requests in flight on SIGTERM, and reopens cleanly',
    async () => {
      // Migrated from the template: a first start on an empty directory is every end-to-end run's server.
      const dataDir = await withMigratedDatabase(tempDir());
      const port = await freePort();
      const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(await waitForHealth(port, first)).toEqual({ status: 'ok' });

      const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`is in use by another Mirror process (pid ${first.child.pid}`);

      // A request whose body is still arriving when the signal comes must still be answered.
      const body = JSON.stringify({ locale: 'de' });
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: '/api/locale',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const response = once(request, 'response').then(([res]) => res as http.IncomingMessage);
      await new Promise((resolve) => request.write(body.slice(0, 5), resolve));
      // Once the server has answered a request that came after those bytes, it has read them: the PUT is in
      // flight, its body half there.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      first.child.kill('SIGTERM');
      await waitForOutput(first, 'shutting down: finishing requests in flight');
      request.end(body.slice(5));
      expect((await response).statusCode).toBe(204);
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('"msg":"stopped"');
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

      const reopened = startServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(await waitForHealth(port, reopened)).toEqual({ status: 'ok' });
      reopened.child.kill('SIGINT');
      expect(await reopened.exited).toBe(0);
    },
    // A ceiling: three server starts, each 5 s alone and up to 50 s beside the rest of npm test.
    300_000,
  );

  embeddedOnly(
    'on SIGTERM answers /api/ready with 503 and keeps serving for SHUTDOWN_DELAY_MS, closing each connection',
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const dataDir = await withMigratedDatabase(tempDir());
      const server = startServer({ PORT: String(port), DATA_DIR: dataDir, SHUTDOWN_DELAY_MS: '1500' });
      await waitForHealth(port, server);
      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(200);

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      let notReady: Response | undefined;
      for (let i = 0; i < 50 && !notReady; i++) {
        const response = await fetch(`${base}/api/ready`);
        if (response.status === 503) notReady = response;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await notReady?.json()).toEqual({ status: 'shutting_down' });
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get('connection')).toBe('close');

      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
      expect(server.output()).toContain('shutting down: not ready any more');
    },
    150_000,
  ); // starts several server processes

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs on PostgreSQL when DATABASE_URL is set, migrating it',
    async () => {
      const base = process.env.TEST_DATABASE_URL as string;
      const name = `mirror_main_${process.pid}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      try {
        const port = await freePort();
        const started = startServer({
          PORT: String(port),
          DATA_DIR: tempDir(),
          DATABASE_URL: withDatabase(base, name),
        });
        expect(await waitForHealth(port, started)).toEqual({ status: 'ok' });
        expect(await waitForOutput(started, 'Mirror is running')).toContain('"database":"postgres"');
        started.child.kill('SIGTERM');
        expect(await started.exited).toBe(0);
        const db = new pg.Client({ connectionString: withDatabase(base, name) });
        await db.connect();
        const tables = await db.query(`select tablename from pg_tables where schemaname = 'public'`);
        await db.end();
        expect(tables.rows.map((row) => row.tablename)).toContain('rate_limits');
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
