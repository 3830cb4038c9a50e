import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics, MetricsSources, OutboxBacklog } from './metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds; from a cached API answer to a large upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The metrics in Prometheus's format, with a registry of their own (nothing global, so tests build as many
 * apps as they like): HTTP latency by route and status, event streams, campaign sends, the outbox and the
 * database pool, and Node's own process metrics (event-loop lag, memory, CPU, GC) from prom-client. Loaded
 * only when METRICS_TOKEN is set (server.ts): prom-client costs about 12 MB and a fraction of a second.
 */
export function createPrometheusMetrics(sources: MetricsSources = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'mirror_http_request_duration_seconds',
    help: 'Time to the response headers, by method, route pattern and status; _count is the request count',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const sseClients = new Gauge({
    name: 'mirror_sse_clients',
    help: 'Open server-sent-event streams (staff live pages) on this process',
    labelNames: ['stream'] as const,
    registers,
  });
  const campaignMessages = new Counter({
    name: 'mirror_campaign_messages_total',
    help: 'Campaign messages settled by this process: sent, failed for good, or put back to retry',
    labelNames: ['result'] as const,
    registers,
  });
  // Present from the start, so rate() has a first sample before the first campaign.
  for (const result of ['sent', 'failed', 'retried'] as const) campaignMessages.inc({ result }, 0);
  const connectionsRefused = new Counter({
    name: 'mirror_http_connections_refused_total',
    help: 'Connections closed on arrival because their client address held HTTP_CONNECTIONS_PER_CLIENT already',
    registers,
  });

  const warn = (error: unknown, what: string) =>
    sources.logger?.warn({ err: error }, `metrics: could not read ${what}`);

  if (sources.outboxBacklog) {
    const read = sources.outboxBacklog;
    let backlog: Promise<OutboxBacklog | undefined> | undefined;
    // Both gauges come from one query per scrape.
    const once = () => {
      backlog ??= read()
        .catch((error: unknown) => {
          warn(error, 'the outbox');
          return undefined;
        })
        .finally(() => setImmediate(() => (backlog = undefined)));
      return backlog;
    };
    new Gauge({
      name: 'mirror_outbox_messages',
      help: 'Messages in the mail outbox that are not sent yet, by status (shared by all processes)',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        const value = await once();
        this.reset();
        if (!value) return;
        for (const status of ['pending', 'sending', 'dead'] as const) this.set({ status }, value[status]);
      },
    });
    new Gauge({
      name: 'mirror_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest message waiting to be sent (0 when none waits)',
      registers,
      async collect() {
        const value = await once();
        // NaN (not 0) when it could not be read: an empty outbox and an unknown one must look different.
        this.set(value ? value.oldestAgeSeconds : Number.NaN);
      },
    });
  }
  if (sources.campaignsSending) {
    const read = sources.campaignsSending;
    new Gauge({
      name: 'mirror_campaigns_sending',
      help: 'Campaigns being sent (shared by all processes)',
      registers,
      async collect() {
        const value = await read().catch((error: unknown) => warn(error, 'the campaigns'));
        this.set(value ?? Number.NaN);
      },
    });
  }
  if (sources.poolStats) {
    const read = sources.poolStats;
    new Gauge({
      name: 'mirror_db_pool_connections',
      help: "Connections of this process's PostgreSQL pool, by state",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = read();
        this.set({ state: 'busy' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'mirror_db_pool_max_connections',
      help: "The size of this process's PostgreSQL pool",
      registers,
      collect() {
        this.set(read().max);
      },
    });
    new Gauge({
      name: 'mirror_db_pool_waiting_clients',
      help: 'Queries waiting for a free pool connection (above 0 for long: the pool is too small)',
      registers,
      collect() {
        this.set(read().waiting);
      },
    });
  }

  return {
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    observeRequest({ method, route, status, seconds }) {
      httpDuration.observe(
        { method: METHODS.has(method) ? method : 'other', route, status: String(status) },
        seconds,
      );
    },
    sseClientOpened(stream) {
      sseClients.inc({ stream });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        sseClients.dec({ stream });
      };
    },
    campaignMessage(result) {
      campaignMessages.inc({ result });
    },
    connectionRefused() {
      connectionsRefused.inc();
    },
  };
}
