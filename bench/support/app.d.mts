import type { ChildProcess } from 'node:child_process';

export type BenchServer = {
  name: string;
  port?: number;
  url?: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop?: () => Promise<unknown>;
};
export const ROOT: string;
export function measuredSeconds(): number;
export function ensureBuild(bench: string): Promise<void>;
export function startApp(options: {
  dataDir: string;
  env?: Record<string, string>;
  servers: BenchServer[];
}): Promise<BenchServer & { port: number; url: string }>;
export function startAppWithMailSink(options: {
  bench: string;
  workDir: string;
  servers: BenchServer[];
  env?: Record<string, string>;
}): Promise<{
  app: BenchServer & { port: number; url: string };
  sink: Awaited<ReturnType<typeof import('./smtp-sink.mjs').startSmtpSink>>;
}>;
export function runBenchmark(
  name: string,
  body: (workDir: string, servers: BenchServer[]) => Promise<void>,
): Promise<void>;
export function onPgliteAndPostgres(
  bench: string,
  benchFile: string,
  servers: BenchServer[],
  scenario: (database: { databaseUrl: string | undefined; label: string }) => Promise<void>,
  options?: { nodeArgs?: string[] },
): Promise<void>;
