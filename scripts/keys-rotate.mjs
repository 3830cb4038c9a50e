// `npm run keys:rotate`: builds when needed, then seals every private value with a new (or the configured)
// encryption key (src/server/keys-cli.ts), on this installation's configuration.
import { isBuildCurrent } from './build-stamp.mjs';

if (!isBuildCurrent()) {
  console.log('building Mirror first…');
  const { build } = await import('./build.mjs');
  await build({ quiet: true });
}
await import('../dist/server/keys-cli.js');
