import type { PoolStats } from '../db/client';
import type { Logger } from './logger';

/** What the mail outbox holds that is not sent yet. */
export type OutboxBacklog = { pending: number; sending: number; dead: number; oldestAgeSeconds: number };

/** Figures read when Prometheus scrapes, from the database (shared by all processes) or this process. */
export type MetricsSources = {
  outboxBacklog?: () => Promise<OutboxBacklog>;
  campaignsSending?: () => Promise<number>;
  poolStats?: () => PoolStats;
  logger?: Logger;
};

export type CampaignMessageResult = 'sent' | 'failed' | 'retried';

/** The process's metrics (`GET /metrics`, Prometheus text format). */
export type Metrics = {
  render(): Promise<{ contentType: string; body: string }>;
  /** One answered HTTP request; `route` is the route's pattern, never the raw path (bounded label values). */
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
  /** Counts an open event stream of `stream` until the returned function is called. */
  sseClientOpened(stream: string): () => void;
  /** One campaign message settled by this process's sender. */
  campaignMessage(result: CampaignMessageResult): void;
  /** One connection closed on arrival: its client address held HTTP_CONNECTIONS_PER_CLIENT already. */
  connectionRefused(): void;
};

/** Metrics switched off (no METRICS_TOKEN): nothing is counted and nothing can be scraped. */
export const noMetrics: Metrics = {
  render: async () => ({ contentType: 'text/plain', body: '' }),
  observeRequest: () => undefined,
  sseClientOpened: () => () => undefined,
  campaignMessage: () => undefined,
  connectionRefused: () => undefined,
};
