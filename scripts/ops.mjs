// `npm run migrate:postgres|migrate:s3|backup|restore -- …`: builds when needed, then runs the command
// (src/server/ops-cli.ts) on this installation's configuration (DATA_DIR, DATABASE_URL, S3_*).
import { isBuildCurrent } from './build-stamp.mjs';

if (!isBuildCurrent()) {
  console.log('building Mirror first…');
  const { build } = await import('./build.mjs');
  await build({ quiet: true });
}
await import('../dist/server/ops-cli.js');
