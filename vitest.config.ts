import { defineConfig } from 'vitest/config';
import { messageTiers } from './scripts/vite-message-tiers';

export default defineConfig({
  plugins: [messageTiers()],
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A ceiling, not a speed target: the property tests run hundreds of cases, on a shared machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          // Ceilings for a busy two-core CI machine, not speed targets (those live in bench/).
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
