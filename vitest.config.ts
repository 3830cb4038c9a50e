import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { messageTiers } from './scripts/vite-message-tiers';

const INTEGRATION = ['src/server/**/*.test.ts'];

/**
 * The integration files that open a database (or start a process that does): on PostgreSQL
 * (TEST_DATABASE_URL set) only these run, since the others run the same whatever the database, and the
 * PGlite pass has run them (decision 063).
 */
function filesThatOpenADatabase(dir = 'src/server'): string[] {
  const opensDatabase =
    /createTestApp|createTestDatabase|createScratchDatabase|TEST_DATABASE_URL|startServerProcess/;
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesThatOpenADatabase(file);
    return file.endsWith('.test.ts') && opensDatabase.test(fs.readFileSync(file, 'utf8')) ? [file] : [];
  });
}

export default defineConfig({
  plugins: [messageTiers()],
  resolve: { tsconfigPaths: true },
  test: {
    // Ceilings for a busy two-core machine, not speed targets (those live in bench/). More workers than
    // cores: many tests wait on a child process, a timer or a socket, and another file runs meanwhile.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
          // A ceiling, not a speed target: the property tests run hundreds of cases, on a shared machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: process.env.TEST_DATABASE_URL ? filesThatOpenADatabase() : INTEGRATION,
          globalSetup: ['src/server/test/global-setup.ts'],
          // The files of a worker share its module cache: they build their app with createApp(deps), nothing
          // global, so importing the server once per worker instead of once per file changes nothing else
          // (decision 063).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
