// `npm run admin:create -- --email you@example.com`: builds when needed, then adds a staff account to the
// database of this installation (DATA_DIR or DATABASE_URL). With the embedded database, stop the server first.
import { isBuildCurrent } from './build-stamp.mjs';

if (!isBuildCurrent()) {
  console.log('building Mirror first…');
  const { build } = await import('./build.mjs');
  await build({ quiet: true });
}
await import('../dist/server/admin-cli.js');
