import { expect, it } from 'vitest';
import { type Cluster, PROCESSES } from '../harness';

/** Limits are counted in the database, so spreading requests over processes gains nothing. */
export function rateLimitScenario(cluster: () => Cluster) {
  it('holds rate limits across processes', async () => {
    // The waiting list allows three attempts an hour at one e-mail address (decision 035): six at once,
    // over all processes, give one join, two "already on the list" and three refusals.
    const visitor = cluster().client();
    const joins = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        visitor.request('POST', '/api/waitlist', {
          json: { email: 'burst@example.com', consent: true, website: '', language: 'en' },
          headers: { 'x-cluster-backend': String(n % PROCESSES) },
        }),
      ),
    );
    expect(joins.map((join) => join.status).sort()).toEqual([201, 409, 409, 429, 429, 429]);
    expect(new Set(joins.map((join) => join.headers['x-cluster-backend']))).toEqual(new Set(['0', '1', '2']));

    // Sign-up allows five per address and hour: the sixth and seventh are refused, wherever they land.
    const newcomer = cluster().client();
    const statuses: number[] = [];
    for (let n = 0; n < 7; n++) {
      const answer = await newcomer.request('POST', '/api/account/sign-up', {
        json: { email: `limited-${n}@example.com`, password: 'quiet harbour lantern 42', language: 'en' },
        headers: { 'x-cluster-backend': String(n % PROCESSES) },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });
}
