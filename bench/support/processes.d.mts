import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;
export function stopNode(server: {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
