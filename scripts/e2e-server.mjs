// The app under end-to-end test: `node scripts/start.mjs` with the server's Node options (as `npm start`),
// with everything it logs kept in E2E_LOG_FILE (the private-text check reads it after the suite) and its
// error output also passed on, so Playwright shows why a start failed. Stops the app when it is stopped.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { withMigratedDatabase } from '../bench/support/migrated-data-dir.mjs';
import { SERVER_NODE_OPTIONS } from './server-node-options.mjs';

const logFile = process.env.E2E_LOG_FILE;
if (!logFile) {
  console.error('E2E_LOG_FILE is not set');
  process.exit(2);
}
fs.mkdirSync(path.dirname(logFile), { recursive: true });
const log = fs.createWriteStream(logFile, { flags: 'a' });
// The embedded database starts as a copy of a migrated one (made once per set of migrations, as the
// benchmarks' are): migrating an empty one cost 8 s of CPU at every start of the suite, and the app then
// finds every migration applied, as it would after its own first start.
if (process.env.DATA_DIR) await withMigratedDatabase(process.env.DATA_DIR);
const app = spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.join(import.meta.dirname, 'start.mjs')], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
app.stdout.pipe(log, { end: false });
app.stderr.on('data', (chunk) => {
  log.write(chunk);
  process.stderr.write(chunk);
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.kill(signal));
app.on('exit', (code, signal) => {
  log.end(() => process.exit(code ?? (signal ? 1 : 0)));
});
