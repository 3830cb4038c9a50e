export type SinkCount = { messages: number; bytes: number; recipients: number };
export function startSmtpSink(): Promise<{
  url: string;
  count(): Promise<SinkCount>;
  waitUntilQuiet(options?: { quietMs?: number; timeoutMs?: number }): Promise<SinkCount>;
  stop(): Promise<unknown>;
}>;
