// Starting, probing and stopping the servers a benchmark measures.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const STOP_GRACE_MS = 15_000;
const REQUEST_TIMEOUT_MS = 5_000;

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs `node ...args` as a child; `exited` settles with { code, signal } when it ends. Its stdout goes to
 * our stderr (so that our stdout carries only result lines and progress) unless `stdout` says otherwise
 * ('inherit' for a child that prints result lines itself, 'pipe' to read it).
 */
export function startNode(args, { env = {}, cwd, stdout = 2 } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 2],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited };
}

/** Stops a child with SIGTERM, escalating to SIGKILL when it does not exit within the grace period. */
export async function stopNode({ child, exited }) {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  const outcome = await exited;
  clearTimeout(timer);
  return outcome;
}

/**
 * GET without Accept-Encoding (the identity body, as autocannon sees it) on a fresh connection, so no
 * keep-alive socket outlives the call. Resolves with { status, contentType, body }.
 */
export function httpGet(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          contentType: response.headers['content-type'] ?? null,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

/**
 * Waits until `url` answers 200, failing early when the server process ends first. A fresh embedded database
 * (migrations on PGlite) on a loaded machine took over a minute to come up, hence three.
 */
export async function waitUntilReady(url, server, { timeoutMs = 180_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let ended;
  server.exited.then((outcome) => {
    ended = outcome;
  });
  while (Date.now() < deadline) {
    if (ended) throw new Error(`server for ${url} exited before it was ready (${describeExit(ended)})`);
    const status = await httpGet(url).then(
      (response) => response.status,
      () => undefined,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error(`server for ${url} was not ready within ${timeoutMs / 1000} s`);
}

export function describeExit({ code, signal }) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}
