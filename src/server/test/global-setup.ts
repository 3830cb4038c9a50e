import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../scripts/build.mjs';
import { openMemoryDatabase, openPostgresDatabase } from '../db/client';
import { MIGRATIONS_DIR, TEMPLATE_DATABASE, withDatabase } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /**
     * A dump of a freshly initialized embedded database, before any migration (PGlite run only): what a new,
     * empty one holds. Loading it costs a second of CPU; creating one runs initdb, 3.6 s (decision 063).
     */
    pgliteEmpty: string;
    /** Where this run's bundle of the server is (`main.js`, `ops-cli.js`, …), for the processes tests start. */
    serverBundle: string;
  }
}

/**
 * The server bundled once per run, as the build bundles it, for the tests that start it as a process: a
 * bundle starts on half the CPU that tsx needs to compile and resolve the sources at every start (5 s
 * instead of 9 on a migrated data directory, a dozen starts per pass). Two levels below the project, as
 * dist/server is; built again when watch mode reruns the tests, so a process never runs older code.
 */
async function bundleServer(project: TestProject): Promise<() => void> {
  const outdir = path.resolve(
    import.meta.dirname,
    '../../../node_modules',
    `.mirror-test-server-${process.pid}`,
  );
  await buildServer({ outdir });
  project.provide('serverBundle', outdir);
  project.onTestsRerun(() => buildServer({ outdir }));
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}

/**
 * Migrates one template database per run; every test file starts from a copy of it. PGlite: a dump of a
 * migrated in-memory database (loading it takes 0.5 s, creating one 4 s). PostgreSQL: a template database.
 */
export async function setup(project: TestProject) {
  const removeBundle = await bundleServer(project);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = openPostgresDatabase(withDatabase(url, TEMPLATE_DATABASE));
    await template.migrate(MIGRATIONS_DIR);
    await template.close();
    project.provide('pgliteTemplate', '');
    project.provide('pgliteEmpty', '');
    return removeBundle;
  }

  const db = await openMemoryDatabase();
  const empty = await db.dump();
  await db.migrate(MIGRATIONS_DIR);
  const dump = await db.dump();
  await db.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  const emptyFile = path.join(dir, 'empty.tar');
  fs.writeFileSync(emptyFile, Buffer.from(await empty.arrayBuffer()));
  project.provide('pgliteEmpty', emptyFile);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    removeBundle();
  };
}
