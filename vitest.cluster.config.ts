import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: three app processes on one PostgreSQL behind a load balancer (cluster/). Its own
// config, so `vitest run` (unit and integration) never starts it; scripts/with-postgres.mjs provides the
// database.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: 'cluster',
    include: ['cluster/**/*.test.ts'],
    globalSetup: ['cluster/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
