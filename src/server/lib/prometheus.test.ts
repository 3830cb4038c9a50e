import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createPrometheusMetrics } from './prometheus';

describe('Prometheus metrics', () => {
  it("reports the database pool's use", async () => {
    const metrics = createPrometheusMetrics({
      poolStats: () => ({ max: 10, total: 7, idle: 3, waiting: 2 }),
    });
    const { body } = await metrics.render();
    expect(body).toContain('mirror_db_pool_connections{state="busy"} 4');
    expect(body).toContain('mirror_db_pool_connections{state="idle"} 3');
    expect(body).toContain('mirror_db_pool_max_connections 10');
    expect(body).toContain('mirror_db_pool_waiting_clients 2');
  });

  it('counts settled campaign messages and open event streams', async () => {
    const metrics = createPrometheusMetrics();
    metrics.campaignMessage('sent');
    metrics.campaignMessage('sent');
    metrics.campaignMessage('retried');
    const closeA = metrics.sseClientOpened('campaign');
    const closeB = metrics.sseClientOpened('campaign');
    closeA();
    closeA(); // a second call changes nothing
    const { body } = await metrics.render();
    expect(body).toContain('mirror_campaign_messages_total{result="sent"} 2');
    expect(body).toContain('mirror_campaign_messages_total{result="retried"} 1');
    expect(body).toContain('mirror_campaign_messages_total{result="failed"} 0');
    expect(body).toContain('mirror_sse_clients{stream="campaign"} 1');
    closeB();
  });

  it('counts connections refused for their client address', async () => {
    const metrics = createPrometheusMetrics();
    expect((await metrics.render()).body).toContain('mirror_http_connections_refused_total 0');
    metrics.connectionRefused();
    metrics.connectionRefused();
    expect((await metrics.render()).body).toContain('mirror_http_connections_refused_total 2');
  });

  it('folds unusual methods into one label value', async () => {
    const metrics = createPrometheusMetrics();
    metrics.observeRequest({ method: 'PROPFIND', route: '/x', status: 405, seconds: 0.001 });
    expect((await metrics.render()).body).toContain(
      'mirror_http_request_duration_seconds_count{method="other",route="/x",status="405"} 1',
    );
  });

  it('leaves out a database figure it cannot read, and still answers', async () => {
    const metrics = createPrometheusMetrics({
      outboxBacklog: () => Promise.reject(new Error('database gone')),
      campaignsSending: () => Promise.reject(new Error('database gone')),
      logger: createLogger({ level: 'silent' }),
    });
    const { body } = await metrics.render();
    expect(body).not.toMatch(/^mirror_outbox_messages\{/m);
    expect(body).toContain('mirror_outbox_oldest_pending_age_seconds Nan');
    expect(body).toContain('mirror_campaigns_sending Nan');
    expect(body).toContain('# TYPE mirror_outbox_messages gauge');
  });

  it('reads the outbox once per scrape for both of its figures', async () => {
    let reads = 0;
    const metrics = createPrometheusMetrics({
      outboxBacklog: async () => {
        reads += 1;
        return { pending: 1, sending: 0, dead: 0, oldestAgeSeconds: 5 };
      },
    });
    await metrics.render();
    expect(reads).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    await metrics.render();
    expect(reads).toBe(2);
  });
});
