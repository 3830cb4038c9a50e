import { expect, it } from 'vitest';
import { expectStatus, staffSignIn } from '../../src/server/test/http-flows';
import { type Cluster, PROCESSES, STAFF } from '../harness';

/** Staff's live waiting list, open on one process, hears of joins made through the others. */
export function liveListScenario(cluster: () => Cluster) {
  it("shows a join made through another process on a staff member's live list within 2 s", async () => {
    const staff = cluster().client();
    await staffSignIn(staff, STAFF);
    const events = await staff.openEvents('/api/admin/waitlist/events');
    try {
      expect(events.status).toBe(200);
      await events.readUntil('event: ready');
      const streamOn = Number(events.headers['x-cluster-backend']);
      const others = Array.from({ length: PROCESSES }, (_, index) => index).filter(
        (index) => index !== streamOn,
      );
      for (const other of others) {
        const from = events.received().length;
        const visitor = cluster().client();
        const started = Date.now();
        const join = await visitor.request('POST', '/api/waitlist', {
          json: { email: `live-${other}@example.com`, consent: true, website: '', language: 'en' },
          headers: { 'x-cluster-backend': String(other) },
        });
        expectStatus(join, 201, 'joining');
        expect(join.headers['x-cluster-backend']).toBe(String(other));
        await events.readUntil('event: waitlist', { from, timeoutMs: 2000 });
        expect(Date.now() - started).toBeLessThan(2000);
      }
    } finally {
      events.close();
    }
  });
}
