// A 99 MB video upload through POST /api/admin/videos/files into the filesystem storage of the built app:
// how much the server's memory grows while it streams (goal: under 50 MB over its idle RSS, so the body is
// never held), and its throughput beside a plain stream copy of the same file on the same disk.
import fs, { createReadStream, createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuild, runBenchmark, startApp } from './support/app.mjs';
import { median, reportResult } from './support/result.mjs';

const BENCH = path.basename(import.meta.filename);
const MB = 1024 * 1024;
// BENCH_SMOKE=1 (npm test's quick pass over every benchmark): a 10 MB file, one measured upload; its memory
// figure then says little, the 99 MB run is the one that proves the body is streamed.
const SMOKE = process.env.BENCH_SMOKE === '1';
/** Just under the upload limit (100 MB, decimal, exclusive). */
const FILE_BYTES = SMOKE ? 10_000_000 : 99_000_000;
/** A real video (ftyp, moov, mdat last), made by scripts/make-default-media.sh with ffmpeg. */
const SOURCE_VIDEO = path.join(import.meta.dirname, '../assets/default-media/videos/2.m4v');
const SAMPLE_MS = 20;
const IDLE_MS = 1000;
const RSS_GOAL_MB = 50;
const STAFF = { email: 'bench-staff@example.com', password: 'bench-staff-password-upload-1' };

function runs() {
  const raw = process.env.BENCH_UPLOAD_RUNS ?? (SMOKE ? '1' : '3');
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`BENCH_UPLOAD_RUNS must be a whole number of at least 1, got ${JSON.stringify(raw)}`);
  }
  return count;
}

/**
 * A `bytes`-long MP4 that the upload accepts as a whole, playable video: the default background video, its
 * last box (the media data) grown with padding its samples do not use, as encoders may leave.
 */
async function writeMp4(file, bytes) {
  const source = fs.readFileSync(SOURCE_VIDEO);
  const mediaAt = source.lastIndexOf('mdat', undefined, 'latin1') - 4;
  const padding = bytes - source.length;
  if (mediaAt < 0 || source.readUInt32BE(mediaAt) !== source.length - mediaAt || padding < 0) {
    throw new Error(`${SOURCE_VIDEO} does not end with its media data`);
  }
  const head = Buffer.from(source);
  head.writeUInt32BE(source.length - mediaAt + padding, mediaAt);
  async function* chunks() {
    yield head;
    const filler = Buffer.alloc(MB, 0x2a);
    for (let left = padding; left > 0; left -= filler.length) yield filler.subarray(0, Math.min(left, MB));
  }
  await pipeline(chunks, createWriteStream(file));
  if (fs.statSync(file).size !== bytes) throw new Error(`${file} is not ${bytes} bytes`);
}

/** The resident set of a process in bytes, from /proc (Linux). */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** Samples the RSS of `pid` every SAMPLE_MS until stopped; `stop()` resolves with the samples. */
function sampleRss(pid) {
  const samples = [rssOf(pid)];
  const timer = setInterval(() => samples.push(rssOf(pid)), SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      samples.push(rssOf(pid));
      return samples;
    },
  };
}

function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    if (body === undefined) req.end();
    else if (typeof body.pipe === 'function') pipeline(body, req).catch(reject);
    else req.end(body);
  });
}

async function signIn(app) {
  const response = await request(`${app.url}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify(STAFF),
  });
  if (response.status !== 200) throw new Error(`staff sign-in answered ${response.status}: ${response.body}`);
  const cookie = (response.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
  if (!cookie) throw new Error('staff sign-in set no cookie');
  return cookie;
}

/** One upload of `file`, streamed from disk; the server's RSS over it and the seconds it took. */
async function upload(app, cookie, file) {
  const size = fs.statSync(file).size;
  // The server idles first, so its baseline is not the tail of the previous upload.
  await sleep(IDLE_MS);
  const idleSampler = sampleRss(app.child.pid);
  await sleep(IDLE_MS / 2);
  const idle = median(idleSampler.stop());

  const sampler = sampleRss(app.child.pid);
  const started = performance.now();
  const response = await request(`${app.url}/api/admin/videos/files`, {
    method: 'POST',
    headers: { 'content-type': 'video/mp4', 'content-length': String(size), cookie, origin: app.url },
    body: createReadStream(file),
  });
  const seconds = (performance.now() - started) / 1000;
  const samples = sampler.stop();
  if (response.status !== 201) throw new Error(`the upload answered ${response.status}: ${response.body}`);
  const stored = JSON.parse(response.body.toString('utf8'));
  if (stored.size !== size || stored.contentType !== 'video/mp4') {
    throw new Error(`the upload stored ${JSON.stringify(stored)}, not ${size} bytes of video/mp4`);
  }
  return { idle, peak: Math.max(...samples), seconds, samples: samples.length, name: stored.name };
}

/** The same bytes through a plain read-stream → write-stream pipe on the same disk. */
async function streamCopy(file, target) {
  const started = performance.now();
  await pipeline(createReadStream(file), createWriteStream(target));
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(target);
  return seconds;
}

async function benchmark(workDir, servers) {
  await ensureBuild(BENCH);
  const file = path.join(workDir, 'upload.mp4');
  console.log(`${BENCH}: writing a ${FILE_BYTES / 1_000_000} MB MP4…`);
  await writeMp4(file, FILE_BYTES);
  const dataDir = path.join(workDir, 'data');
  const app = await startApp({
    dataDir,
    env: { ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password },
    servers,
  });
  const cookie = await signIn(app);

  // One upload first, unmeasured, so the figures are not the JIT's warm-up.
  const warmUp = await upload(app, cookie, file);
  fs.rmSync(path.join(dataDir, 'storage', 'videos', warmUp.name));

  const uploads = [];
  const copies = [];
  for (let run = 1; run <= runs(); run++) {
    const result = await upload(app, cookie, file);
    const stored = path.join(dataDir, 'storage', 'videos', result.name);
    if (fs.statSync(stored).size !== FILE_BYTES) throw new Error(`${stored} is not ${FILE_BYTES} bytes`);
    fs.rmSync(stored);
    const copySeconds = await streamCopy(file, path.join(workDir, 'copy.mp4'));
    uploads.push(result);
    copies.push(copySeconds);
    console.log(
      `${BENCH}: run ${run}: upload ${(FILE_BYTES / MB / result.seconds).toFixed(0)} MB/s, RSS idle ` +
        `${(result.idle / MB).toFixed(1)} MB, peak ${(result.peak / MB).toFixed(1)} MB (${result.samples} ` +
        `samples); stream copy ${(FILE_BYTES / MB / copySeconds).toFixed(0)} MB/s`,
    );
  }

  // The first upload counts here: a process keeps memory it once took, so later runs would hide it.
  const all = [warmUp, ...uploads];
  const growth = Math.max(...all.map((result) => result.peak - result.idle)) / MB;
  console.log(
    `${BENCH}: first upload: RSS idle ${(warmUp.idle / MB).toFixed(1)} MB, peak ${(warmUp.peak / MB).toFixed(1)} MB`,
  );
  reportResult({
    bench: BENCH,
    name: `upload ${FILE_BYTES / 1_000_000} MB: server RSS growth over idle (worst of ${all.length})`,
    value: Math.round(growth * 10) / 10,
    unit: 'MB',
    better: 'lower',
    goal: `< ${RSS_GOAL_MB} MB`,
  });
  reportResult({
    bench: BENCH,
    name: `upload ${FILE_BYTES / 1_000_000} MB: throughput (median of ${uploads.length})`,
    value: Math.round(FILE_BYTES / MB / median(uploads.map((result) => result.seconds))),
    unit: 'MB/s',
    baseline: Math.round(FILE_BYTES / MB / median(copies)),
    baselineName: 'stream copy of the same file, same disk',
    better: 'higher',
  });
  if (growth >= RSS_GOAL_MB) console.warn(`${BENCH}: the RSS growth misses the goal of < ${RSS_GOAL_MB} MB`);
}

await runBenchmark(BENCH, benchmark);
