// `npm start`: builds when the sources changed since the last build, then runs the server in this process.
import { isBuildCurrent } from './build-stamp.mjs';

if (!isBuildCurrent()) {
  console.log('building Mirror (first start, or the sources changed)…');
  const { build } = await import('./build.mjs');
  await build({ quiet: true });
}
process.argv.push('--enable-source-maps');
await import('../dist/server/main.js');
