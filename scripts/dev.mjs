// `npm run dev`: the API with reload on change (tsx watch) behind Vite's dev server with hot reload.
import { spawn } from 'node:child_process';

const API_PORT = process.env.API_PORT ?? '3001';
const WEB_PORT = '5173';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: API_PORT,
      HOST: '127.0.0.1',
      APP_URL: process.env.APP_URL ?? `http://localhost:${WEB_PORT}`,
    },
  }),
  spawn('npx', ['vite', '--port', WEB_PORT], { stdio: 'inherit', env: { ...process.env, API_PORT } }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(() =>
    process.exit(code),
  );
}
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
