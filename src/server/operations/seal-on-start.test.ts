import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPgliteDatabase, queryRows } from '../db/client';
import { keyringFilePath } from '../lib/encryption-keys';
import { isSealed } from '../lib/field-cipher';
import {
  freePort,
  serverLeftovers,
  startServerProcess,
  waitForHealth,
  waitForOutput,
} from '../test/server-process';

const { running, dirs, cleanUp } = serverLeftovers();
afterEach(cleanUp);

/**
 * Issue 17: an installation from before encryption, started with this code, gets a generated key file
 * (0600) and its plaintext rows sealed, in the background, while it serves.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a start on a database from before encryption',
  () => {
    it('generates the key and seals the plaintext rows', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-seal-on-start-'));
      dirs.push(dataDir);
      const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
      const before = await openPgliteDatabase(dataDir, { loadDataDir: template });
      await before.db.execute(
        sql`insert into users (id, name, email) values ('legacy', 'Legacy', 'l@example.com')`,
      );
      await before.db.execute(sql`insert into profiles (user_id, first_name, profile_v0)
      values ('legacy', 'Olwen', '{"answers": ["Olwen", "Being heard by my brother."]}'::jsonb)`);
      await before.db.execute(sql`insert into weeks (user_id, start_date, end_date, iso_week, structure)
      values ('legacy', '2026-01-05', '2026-01-11', '2026-W02', '{"topics": {}}'::jsonb)`);
      await before.db.execute(sql`insert into entries (user_id, week_id, day, topic, content_text)
      select 'legacy', id, 1, 'trust', 'An old plaintext reflection about the lighthouse.' from weeks`);
      await before.close();
      expect(fs.existsSync(keyringFilePath(dataDir))).toBe(false);

      const port = await freePort();
      const server = startServerProcess({ PORT: String(port), DATA_DIR: dataDir }, running);
      await waitForHealth(port, server, 60_000);
      expect(await waitForOutput(server, 'private values sealed', 60_000)).toContain('"sealed":4');
      expect(server.output()).not.toContain('lighthouse');
      server.child.kill('SIGTERM');
      await server.exited;

      expect(fs.statSync(keyringFilePath(dataDir)).mode & 0o777).toBe(0o600);
      const after = await openPgliteDatabase(dataDir);
      try {
        const [row] = await queryRows<{ text: string; name: string; answers: string[] }>(
          after.db,
          sql`select e.content_text as text, p.first_name as name,
              array(select jsonb_array_elements_text(p.profile_v0->'answers')) as answers
            from entries e join profiles p on p.user_id = e.user_id`,
        );
        expect(row && [row.text, row.name, ...row.answers].every(isSealed)).toBe(true);
      } finally {
        await after.close();
      }
    }, 180_000);
  },
);
