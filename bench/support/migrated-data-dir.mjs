// An embedded database with every migration, for a benchmark's fresh DATA_DIR: migrating an empty PGlite takes
// some four seconds of CPU, copying a migrated one a fraction of that. What a benchmark measures starts after
// the app is up, so it measures the same either way. The migrated copy is made once per set of migrations and
// PGlite version, in the system's temporary folder, and shared by every benchmark run after.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIGRATIONS = path.join(ROOT, 'src/server/db/migrations');

function templateKey() {
  const hash = crypto.createHash('sha256');
  const pglite = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')),
  );
  hash.update(pglite.version);
  const walk = (dir) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  walk(MIGRATIONS);
  return hash.digest('hex').slice(0, 16);
}

async function makeTemplate(target) {
  const building = `${target}.${process.pid}.tmp`;
  fs.rmSync(building, { recursive: true, force: true });
  const client = await PGlite.create(building, { extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.close();
  }
  try {
    // Another benchmark may have made it meanwhile; either copy is the same.
    fs.renameSync(building, target);
  } catch {
    fs.rmSync(building, { recursive: true, force: true });
  }
}

/**
 * Gives `dataDir` a migrated embedded database (`dataDir/db`), unless it has one already. Returns `dataDir`.
 */
export async function withMigratedDatabase(dataDir) {
  const db = path.join(dataDir, 'db');
  if (fs.existsSync(db)) return dataDir;
  const template = path.join(os.tmpdir(), `mirror-bench-migrated-${templateKey()}`);
  if (!fs.existsSync(template)) await makeTemplate(template);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(template, db, { recursive: true });
  return dataDir;
}
