import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_NODE_OPTIONS } from '../scripts/server-node-options.mjs';
import { HttpClient } from '../src/server/test/http-client';
import { testSupportEnv } from '../src/server/test/http-flows';
import { startS3Server, type TestS3Server } from '../src/server/test/s3-server';
import { freePort } from '../src/server/test/server-process';
import { type SmtpSink, startSmtpSink } from '../src/server/test/smtp-sink';
import { createScratchDatabase } from '../src/server/test/test-db';
import { type RoundRobinProxy, startProxy } from './proxy';

/**
 * The cluster every scenario runs against: PROCESSES app processes (the production build, as `npm start`
 * runs it) on one throwaway PostgreSQL database (TEST_DATABASE_URL, from scripts/with-postgres.mjs), one S3
 * emulator (s3rver) and one SMTP sink, behind a round-robin proxy whose address is the app's APP_URL.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = path.join(ROOT, 'dist/server/main.js');
export const PROCESSES = 3;
export const STAFF = { email: 'cluster-staff@example.com', password: 'cluster staff password 1' };
export const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
/** How long a stopping process keeps serving after /api/ready turned 503: the proxy checks every 100 ms. */
export const SHUTDOWN_DELAY_MS = 1000;

export type ClusterNode = {
  index: number;
  port: number;
  dataDir: string;
  child: ChildProcess | null;
  /** Everything the current process printed. */
  output: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type Cluster = {
  /** The proxy's address: APP_URL of every process. */
  url: string;
  proxy: RoundRobinProxy;
  nodes: ClusterNode[];
  sink: SmtpSink;
  s3: TestS3Server;
  /** A pool on the cluster's database, for a scenario's setup and its checks. */
  db: pg.Pool;
  /** A new browser through the proxy, from a client address of its own. */
  client(): HttpClient;
  /** Starts process `index` (again) on its port and waits until the proxy has it in rotation. */
  start(index: number): Promise<void>;
  /** SIGTERM, then the exit (which must be 0 for a graceful stop). */
  stop(index: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(index: number): Promise<void>;
  /**
   * Called the moment a message's final dot reaches the sink (before it is answered), with the number of
   * messages so far: a scenario can kill a process at an exact point of a campaign.
   */
  onMessageEnd: ((count: number) => void) | null;
  /** The process whose pid is in a `campaigns.lease_owner` (`host:pid:random`). */
  nodeByPid(pid: number): ClusterNode | undefined;
  close(): Promise<void>;
};

let clientCounter = 0;
/** 127.0.1.1, 127.0.1.2, …: each client's connections come from an address of their own. */
function nextLocalAddress(): string {
  clientCounter += 1;
  return `127.0.${1 + Math.floor(clientCounter / 250)}.${1 + (clientCounter % 250)}`;
}

export async function startCluster(): Promise<Cluster> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('the cluster test needs TEST_DATABASE_URL (run it with npm run test:cluster)');
  if (!fs.existsSync(MAIN)) throw new Error('dist/server/main.js is missing (npm run build)');

  const database = await createScratchDatabase(`mirror_cluster_${process.pid}`);
  const databaseUrl = database.url;
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });

  const sink = await startSmtpSink({ onMessageEnd: (count) => cluster.onMessageEnd?.(count) });
  const s3 = await startS3Server('mirror-cluster');
  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const nodes: ClusterNode[] = [];
  for (let index = 0; index < PROCESSES; index++) {
    nodes.push({
      index,
      port: await freePort(),
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `mirror-cluster-${index}-`)),
      child: null,
      output: '',
      exited: Promise.resolve({ code: null, signal: null }),
    });
  }
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    APP_URL: url,
    SMTP_URL: sink.url,
    SESSION_SECRET: 'cluster-session-secret-shared-by-all-processes',
    // Each process has a DATA_DIR of its own: the key that seals private text must be shared (decision 045).
    ENCRYPTION_KEY: Buffer.alloc(32, 0x2c).toString('base64'),
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    TRUST_PROXY: 'true',
    INVITE_ONLY: 'false',
    METRICS_TOKEN,
    ...testSupportEnv,
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    // One connection per campaign, so a kill lands at a known point (decision 020).
    CAMPAIGN_CONCURRENCY: '1',
    S3_ENDPOINT: s3.config.endpoint as string,
    S3_BUCKET: s3.config.bucket,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
  };

  const spawnNode = (node: ClusterNode) => {
    const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, MAIN], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(node.port), DATA_DIR: node.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    node.child = child;
    node.output = '';
    child.stdout?.on('data', (chunk) => {
      node.output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      node.output += chunk;
    });
    node.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  };

  const proxy = await startProxy({
    port: proxyPort,
    backends: nodes.map((node) => ({ index: node.index, port: node.port })),
  });

  const start = async (index: number) => {
    const node = nodes[index] as ClusterNode;
    spawnNode(node);
    const failed = node.exited.then(({ code, signal }) => {
      throw new Error(`process ${index} exited (${code ?? signal}) while starting:\n${node.output}`);
    });
    await Promise.race([proxy.waitForHealth(index, true, 90_000), failed]);
  };

  const cluster: Cluster = {
    url,
    proxy,
    nodes,
    sink,
    s3,
    db,
    client: () => new HttpClient(url, { localAddress: nextLocalAddress() }),
    start,
    async stop(index) {
      const node = nodes[index] as ClusterNode;
      node.child?.kill('SIGTERM');
      return node.exited;
    },
    async kill(index) {
      const node = nodes[index] as ClusterNode;
      node.child?.kill('SIGKILL');
      await node.exited;
    },
    onMessageEnd: null,
    nodeByPid: (pid) => nodes.find((node) => node.child?.pid === pid),
    async close() {
      for (const node of nodes) node.child?.kill('SIGKILL');
      await Promise.all(nodes.map((node) => node.exited));
      await proxy.close();
      await db.end();
      await sink.close();
      await s3.close();
      for (const node of nodes) fs.rmSync(node.dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
  try {
    // All at once, as a deployment would: migrations, prompts and the staff account are made once.
    await Promise.all(nodes.map((node) => start(node.index)));
  } catch (error) {
    await cluster.close();
    throw error;
  }
  return cluster;
}
