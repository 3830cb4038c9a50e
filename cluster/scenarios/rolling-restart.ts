import { expect, it } from 'vitest';
import type { HttpAnswer, HttpClient } from '../../src/server/test/http-client';
import { onboard, signUpVerified, staffSignIn, TIME_ZONE } from '../../src/server/test/http-flows';
import { deliveries, seedConfirmedPeople, startCampaign, waitForCampaign } from '../campaigns';
import { type Cluster, PROCESSES, STAFF } from '../harness';

type Load = { requests: number; failures: string[] };

/** Repeats `step` until `running()` turns false; any answer but the expected status is a failure. */
async function keepBusy(
  load: Load,
  running: () => boolean,
  step: () => Promise<[string, HttpAnswer, number]>,
) {
  while (running()) {
    try {
      const [what, answer, expected] = await step();
      load.requests += 1;
      if (answer.status !== expected)
        load.failures.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
    } catch (error) {
      load.failures.push(`${(error as Error).message}`);
    }
  }
}

/** Staff's live list as a browser keeps it: reconnects (after its retry delay) whenever the stream ends. */
async function followEvents(
  staff: HttpClient,
  running: () => boolean,
  seen: { ends: string[]; backends: string[] },
) {
  while (running()) {
    const events = await staff.openEvents('/api/admin/waitlist/events');
    if (events.status !== 200) {
      seen.ends.push(`status ${events.status}`);
    } else {
      seen.backends.push(String(events.headers['x-cluster-backend']));
      const end = await Promise.race([events.ended, waitUntil(() => !running())]);
      events.close();
      if (end === 'ended' || end === 'broken') seen.ends.push(end);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function waitUntil(condition: () => boolean): Promise<'stopped'> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
  return 'stopped';
}

/**
 * Each process in turn is stopped (SIGTERM) and started again while people, visitors and staff keep using
 * the app and a campaign is being sent: no request fails, the live list's stream ends cleanly and is opened
 * again on another process, and the campaign still sends each message once.
 */
export function rollingRestartScenario(cluster: () => Cluster) {
  it('restarts every process, one at a time, without failing a request', async () => {
    const c = cluster();
    const fromLog = c.proxy.log.length;
    const person = c.client();
    await signUpVerified(person, c.sink, {
      email: 'steady@example.com',
      password: 'quiet harbour lantern 42',
    });
    await onboard(person, 'steady@example.com');
    const staff = c.client();
    await staffSignIn(staff, STAFF);
    const ids = await seedConfirmedPeople(c, 'rolling', 90);
    const campaign = await startCampaign(staff, { ids, subject: 'Rolling letter', ratePerSecond: 6 });

    let running = true;
    const isRunning = () => running;
    const load: Load = { requests: 0, failures: [] };
    const stream = { ends: [] as string[], backends: [] as string[] };
    let joins = 0;
    let saves = 0;
    let baseVersion = 1;
    const workers = [
      keepBusy(load, isRunning, async () => [
        'dashboard',
        await person.get('/api/journal/dashboard', TIME_ZONE),
        200,
      ]),
      keepBusy(load, isRunning, async () => {
        saves += 1;
        const text = `Still writing, save ${saves}.`;
        // Each save over the version the last one returned, as the editor does (a stale one is refused).
        const saved = await person.put('/api/journal/days/1', { contentText: text, baseVersion }, TIME_ZONE);
        if (saved.status === 200) baseVersion = saved.json<{ version: number }>().version;
        return ['autosave', saved, 200];
      }),
      keepBusy(load, isRunning, async () => {
        joins += 1;
        const visitor = c.client();
        const body = {
          email: `rolling-join-${joins}@example.com`,
          consent: true,
          website: '',
          language: 'de',
        };
        return ['join', await visitor.post('/api/waitlist', body), 201];
      }),
      keepBusy(load, isRunning, async () => ['staff list', await staff.get('/api/admin/waitlist'), 200]),
      keepBusy(load, isRunning, async () => ['home page', await c.client().get('/'), 200]),
      followEvents(staff, isRunning, stream),
    ];

    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (let index = 0; index < PROCESSES; index++) {
        const exit = await c.stop(index);
        expect(exit, c.nodes[index]?.output).toEqual({ code: 0, signal: null });
        await c.start(index);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      running = false;
      await Promise.all(workers);
    }

    expect(load.failures).toEqual([]);
    expect(load.requests).toBeGreaterThan(50);
    expect(c.proxy.log.slice(fromLog).filter((entry) => entry.error)).toEqual([]);
    // The stream ended cleanly each time its process stopped, and was opened again elsewhere.
    expect(stream.ends.filter((end) => end !== 'ended')).toEqual([]);
    expect(stream.ends.length).toBeGreaterThanOrEqual(1);
    expect(new Set(stream.backends).size).toBeGreaterThan(1);

    const done = await waitForCampaign(staff, campaign.id);
    expect(done.counts).toMatchObject({ total: 90, sent: 90, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { perAddress, twice } = deliveries(c.sink.messages, 'Rolling letter');
    expect(twice).toEqual([]);
    expect(perAddress.size).toBe(90);
  });
}
