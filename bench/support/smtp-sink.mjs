// An SMTP server that accepts every message and only counts them, run as a child process so that taking
// the app's mail does not share an event loop with the load generator. `startSmtpSink()` forks this file;
// run directly (with an IPC channel) it is the sink itself.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';

const START_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 5_000;

function runSink() {
  const counts = { messages: 0, bytes: 0 };
  const recipients = new Set();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      stream.on('data', (chunk) => {
        counts.bytes += chunk.length;
      });
      stream.on('end', () => {
        counts.messages += 1;
        for (const rcpt of session.envelope.rcptTo) recipients.add(rcpt.address.toLowerCase());
        callback();
      });
    },
  });
  server.on('error', (error) => console.error(`smtp sink: ${error.message}`));
  server.listen(0, '127.0.0.1', () => {
    process.send({ type: 'listening', port: server.server.address().port });
  });
  process.on('message', (message) => {
    if (message?.type === 'count') {
      process.send({ type: 'count', id: message.id, ...counts, recipients: recipients.size });
    }
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.once('disconnect', stop);
}

/**
 * Starts the sink. Resolves with { url, count(), waitUntilQuiet(), stop() } where count() resolves with
 * { messages, bytes, recipients } (recipients: distinct addresses seen in RCPT TO).
 */
export async function startSmtpSink() {
  // Without the parent's Node options: a .ts benchmark runs under `--import tsx`, which the sink (plain
  // JavaScript) does not need and which would cost it a second or so of CPU to start.
  const child = fork(import.meta.filename, [], { stdio: ['ignore', 2, 2, 'ipc'], execArgv: [] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const pending = new Map();
  let nextId = 0;
  child.on('message', (message) => {
    if (message?.type !== 'count') return;
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });

  const [listening] = await Promise.race([
    once(child, 'message'),
    sleep(START_TIMEOUT_MS).then(() => {
      throw new Error('the SMTP sink did not start');
    }),
    exited.then(() => {
      throw new Error('the SMTP sink exited while starting');
    }),
  ]);
  if (listening?.type !== 'listening') throw new Error('the SMTP sink sent an unexpected first message');

  const count = () =>
    new Promise((resolve, reject) => {
      if (!child.connected) {
        reject(new Error('the SMTP sink is gone'));
        return;
      }
      const id = nextId++;
      pending.set(id, ({ messages, bytes, recipients }) => resolve({ messages, bytes, recipients }));
      child.send({ type: 'count', id });
    });

  return {
    url: `smtp://127.0.0.1:${listening.port}`,
    child,
    exited,
    count,
    /** Waits until no message has arrived for `quietMs` (at most `timeoutMs`); resolves with the count. */
    async waitUntilQuiet({ quietMs = 1500, timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      let last = await count();
      let quietSince = Date.now();
      while (Date.now() < deadline) {
        await sleep(250);
        const now = await count();
        if (now.messages !== last.messages) {
          last = now;
          quietSince = Date.now();
        } else if (Date.now() - quietSince >= quietMs) {
          return now;
        }
      }
      return last;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      const outcome = await exited;
      clearTimeout(timer);
      return outcome;
    },
  };
}

if (process.argv[1] === import.meta.filename && process.send) runSink();
