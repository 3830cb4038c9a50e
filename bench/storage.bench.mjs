// Seeking in a large video: ranged GETs of 1 MB from the middle of a 64 MB file at /media/videos/<name>
// through the real app server (dist/), one request at a time on a kept-alive connection, with the file on
// the filesystem driver and, in the same run, on the S3 driver against s3rver (an S3 server in Node, in a
// child process). The S3 figures stand beside the same range fetched from s3rver directly. /media serves
// visitors only published videos (decision 034), so the file is first made into a published video through the
// admin API by the bootstrap staff account; the measured GETs are a visitor's, without a session.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expectStatus, staffSessionCookies } from './support/accounts.mjs';
import { ensureBuild, ROOT, runBenchmark, startApp } from './support/app.mjs';
import { freePort, startNode, waitUntilReady } from './support/processes.mjs';
import { median, reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
const MB = 1024 * 1024;
// BENCH_SMOKE=1 (npm test's quick pass over every benchmark): an 8 MB file, 5 warm-up and 20 measured GETs.
const SMOKE = process.env.BENCH_SMOKE === '1';
const FILE_BYTES = (SMOKE ? 8 : 64) * MB;
const NAME = `bench-${FILE_BYTES / MB}mb.mp4`;
// `bytes=<middle>-<middle + 1 MB>`, as a player asks after a seek (inclusive, so 1 MB + 1 byte).
const RANGE = { start: FILE_BYTES / 2, end: FILE_BYTES / 2 + MB };
const WARMUP_REQUESTS = SMOKE ? 5 : 20;
const REQUESTS = SMOKE ? 20 : Number(process.env.BENCH_RANGE_REQUESTS ?? 200);
const S3_BUCKET = 'mirror-bench';
const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const GOAL_MS = 20;
// The bootstrap staff account (ADMIN_EMAIL/ADMIN_PASSWORD) that publishes the file as a video.
const STAFF = { email: 'bench-staff@example.com', password: 'bench-staff-password-storage-1' };
const STAFF_ENV = { ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password };

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)];
}

const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');

/** One ranged GET on `agent`; resolves with the milliseconds to the last byte and the answer. */
function rangedGet(url, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { agent, headers: { range: `bytes=${RANGE.start}-${RANGE.end}` } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: response.statusCode,
            contentRange: response.headers['content-range'],
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

/** Sequential ranged GETs; every answer must be a 206 with exactly the asked bytes. */
async function measure(label, url, expectedHash) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const expectedRange = `bytes ${RANGE.start}-${RANGE.end}/${FILE_BYTES}`;
  const times = [];
  try {
    console.log(`${BENCH}: ${label}: ${WARMUP_REQUESTS} warm-up, then ${REQUESTS} ranged GETs of ${url}…`);
    for (let i = 0; i < WARMUP_REQUESTS + REQUESTS; i++) {
      const answer = await rangedGet(url, agent);
      if (answer.status !== 206 || answer.contentRange !== expectedRange) {
        throw new Error(
          `${label}: answered ${answer.status} ${answer.contentRange ?? ''}, not 206 ${expectedRange}`,
        );
      }
      if (answer.body.length !== RANGE.end - RANGE.start + 1 || sha256(answer.body) !== expectedHash) {
        throw new Error(`${label}: the body is not bytes ${RANGE.start}-${RANGE.end} of the file`);
      }
      if (i >= WARMUP_REQUESTS) times.push(answer.ms);
    }
  } finally {
    agent.destroy();
  }
  const figures = { median: median(times), p95: percentile(times, 0.95) };
  console.log(`${BENCH}:   median ${figures.median.toFixed(2)} ms, p95 ${figures.p95.toFixed(2)} ms`);
  return figures;
}

async function startS3rver(workDir, servers) {
  const port = await freePort();
  const directory = path.join(workDir, 's3rver');
  fs.mkdirSync(directory, { recursive: true });
  const server = {
    name: 's3rver',
    url: `http://127.0.0.1:${port}`,
    ...startNode(
      [
        path.join(ROOT, 'node_modules/s3rver/bin/s3rver.js'),
        ...['--directory', directory, '--address', '127.0.0.1', '--port', String(port)],
        ...['--silent', '--configure-bucket', S3_BUCKET],
      ],
      { cwd: ROOT },
    ),
  };
  servers.push(server);
  await waitUntilReady(`${server.url}/`, server);
  return server;
}

/** Puts the file where the S3 driver looks for `videos/<name>`, as another tool would have. */
async function uploadToS3(s3rver, file) {
  // The SDK's documented opt-out of its Node 20 notice, as the app's driver sets it.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3rver.url,
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: S3_BUCKET,
        Key: `videos/${NAME}`,
        Body: file,
        ContentType: 'video/mp4',
      }),
    );
  } finally {
    client.destroy();
  }
}

/** Makes the stored file a published video, as staff would, so that visitors may fetch it at /media. */
async function publishVideo(app) {
  const cookie = (await staffSessionCookies(app, STAFF)).join('; ');
  await expectStatus(app, `publishing ${NAME}`, 'POST', '/api/admin/videos', 201, {
    cookie,
    body: {
      title: 'Benchmark video',
      description: null,
      fileName: NAME,
      thumbnailName: null,
      durationSeconds: null,
      isFeatured: false,
      isPublished: true,
    },
  });
}

function report(name, figures, baseline, options) {
  for (const [statistic, key] of [
    ['median', 'median'],
    ['p95', 'p95'],
  ]) {
    reportResult({
      bench: BENCH,
      name: `${name}: 1 MB range from the middle of ${FILE_BYTES / MB} MB, ${statistic}`,
      value: figures[key],
      unit: 'ms',
      baseline: baseline?.[key] ?? null,
      baselineName: options.baselineName ?? '',
      better: 'lower',
      goal: options.goal,
    });
  }
}

async function benchmark(workDir, servers) {
  await ensureBuild(BENCH);
  console.log(`${BENCH}: writing a ${FILE_BYTES / MB} MB file…`);
  const file = randomBytes(FILE_BYTES);
  const expectedHash = sha256(file.subarray(RANGE.start, RANGE.end + 1));
  const mediaPath = `/media/videos/${NAME}`;

  // The filesystem driver describes a file copied into its bucket directory by hand.
  const fsDataDir = path.join(workDir, 'fs-data');
  fs.mkdirSync(path.join(fsDataDir, 'storage/videos'), { recursive: true });
  fs.writeFileSync(path.join(fsDataDir, 'storage/videos', NAME), file);
  const s3rver = await startS3rver(workDir, servers);
  await uploadToS3(s3rver, file);

  const fsApp = await startApp({ dataDir: fsDataDir, env: STAFF_ENV, servers });
  await publishVideo(fsApp);
  const filesystem = await measure('filesystem driver', `${fsApp.url}${mediaPath}`, expectedHash);
  report('GET /media/videos (filesystem)', filesystem, null, { goal: `< ${GOAL_MS} ms` });

  const s3App = await startApp({
    dataDir: path.join(workDir, 's3-data'),
    env: {
      S3_ENDPOINT: s3rver.url,
      S3_REGION: 'us-east-1',
      S3_BUCKET,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      ...STAFF_ENV,
    },
    servers,
  });
  await publishVideo(s3App);
  const direct = await measure('s3rver directly', `${s3rver.url}/${S3_BUCKET}/videos/${NAME}`, expectedHash);
  const s3 = await measure('S3 driver on s3rver', `${s3App.url}${mediaPath}`, expectedHash);
  report('GET /media/videos (S3 on s3rver)', s3, direct, { baselineName: 's3rver directly, same range' });

  if (filesystem.median >= GOAL_MS) {
    console.warn(
      `${BENCH}: the filesystem median ${filesystem.median.toFixed(2)} ms misses the ${GOAL_MS} ms goal`,
    );
  }
}

await runBenchmark(BENCH, benchmark);
