import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { createS3Client } from '../lib/storage/s3-storage';

type S3rverOptions = { directory: string; silent: boolean };
type S3rverApp = { callback(): (request: IncomingMessage, response: ServerResponse) => void };
// s3rver ships no types; this is the part of its API we use.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverApp;

/** Where s3rver 3.7 keeps unfinished multipart uploads: `<dir>/<bucket>/._S3rver_uploads/<uploadId>/`. */
const UPLOADS_DIR = '._S3rver_uploads';

export type TestS3Server = {
  config: S3Config;
  /** HTTP requests the server has received so far. */
  requests(): number;
  close(): Promise<void>;
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function sendXml(response: ServerResponse, status: number, xml: string) {
  response.writeHead(status, { 'Content-Type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
}

/**
 * What s3rver lacks and S3 does, answered from s3rver's own directories: ListMultipartUploads and
 * AbortMultipartUpload (so the driver's abort really removes the parts and a test can ask, through the S3
 * API, whether any upload was left behind), and `If-None-Match: *` on writes (412 when the key exists; s3rver
 * ignores the header). True when the request was handled here.
 */
function handleMultipartExtras(
  directory: string,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  const url = new URL(request.url ?? '/', 'http://s3');
  const [bucket = '', ...keyParts] = url.pathname.slice(1).split('/').map(decodeURIComponent);
  const key = keyParts.join('/');
  const uploadsDir = path.join(directory, bucket, UPLOADS_DIR);

  if (request.method === 'GET' && !key && url.searchParams.has('uploads')) {
    const uploads = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : [];
    const entries = uploads.map((uploadId) => {
      const key = fs.readFileSync(path.join(uploadsDir, uploadId, 'key'), 'utf8');
      const initiated = fs.statSync(path.join(uploadsDir, uploadId)).mtime.toISOString();
      return `<Upload><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><Initiated>${initiated}</Initiated></Upload>`;
    });
    sendXml(
      response,
      200,
      `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket)}</Bucket><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${entries.join('')}</ListMultipartUploadsResult>`,
    );
    return true;
  }

  const uploadId = url.searchParams.get('uploadId');
  // A conditional create: PutObject, or CompleteMultipartUpload (POST with uploadId).
  const creates =
    (request.method === 'PUT' && uploadId === null) || (request.method === 'POST' && uploadId !== null);
  if (key && creates && request.headers['if-none-match'] === '*') {
    if (fs.existsSync(path.join(directory, bucket, `${key}._S3rver_object`))) {
      request.resume();
      sendXml(
        response,
        412,
        '<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-None-Match</Condition></Error>',
      );
      return true;
    }
    return false;
  }
  if (request.method === 'DELETE' && key && uploadId) {
    const uploadDir = path.join(uploadsDir, path.basename(uploadId));
    if (!fs.existsSync(uploadDir)) {
      sendXml(
        response,
        404,
        `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`,
      );
      return true;
    }
    fs.rmSync(uploadDir, { recursive: true, force: true });
    response.writeHead(204).end();
    return true;
  }
  return false;
}

/**
 * An S3-compatible server (s3rver) on 127.0.0.1 with a fresh data directory and one bucket, and the
 * configuration the app would read from S3_* to use it.
 */
export async function startS3Server(bucket = 'mirror-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-s3rver-'));
  const app = new S3rver({ directory, silent: true });
  const handle = app.callback();
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    if (!handleMultipartExtras(directory, request, response)) handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const client = createS3Client(config);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return {
    config,
    requests: () => requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
