import type { TDashboard, TDayReflection } from '@shared/schemas/journal';
import { expect, it } from 'vitest';
import { expectStatus, onboard, signUpVerified, TIME_ZONE } from '../../src/server/test/http-flows';
import type { Cluster } from '../harness';

/** A person's whole journey, each request landing on whichever process the proxy picks. */
export function journeyScenario(cluster: () => Cluster) {
  it('serves a person from sign-up through reflections and bubbles, whichever process answers', async () => {
    const { proxy, sink } = cluster();
    const from = proxy.log.length;
    const person = cluster().client();
    const email = 'journey@example.com';
    await signUpVerified(person, sink, { email, password: 'quiet harbour lantern 42' });
    await onboard(person, email);

    const reflection = 'Today I said what I needed, and it was fine.';
    expectStatus(await person.post('/api/journal/days/1?locale=en', {}, TIME_ZONE), 200, 'opening day 1');
    expectStatus(
      await person.put('/api/journal/days/1', { contentText: reflection, baseVersion: 1 }, TIME_ZONE),
      200,
      'saving',
    );
    for (let read = 0; read < 3; read++) {
      const day = expectStatus(await person.get('/api/journal/days/1?locale=en', TIME_ZONE), 200, 'day 1');
      expect(day.json<TDayReflection>().entry?.contentText).toBe(reflection);
    }
    const dashboard = expectStatus(await person.get('/api/journal/dashboard', TIME_ZONE), 200, 'dashboard');
    expect(dashboard.json<TDashboard>().firstName).toBe('Sam');

    const bubble = {
      id: '0b9d2c1e-6f4a-4e8b-9c3d-2a1b0c9d8e7f',
      category: 'Trust',
      whoTrusted: ['partner'],
      name: 'Noor',
      when: 'some_months_ago',
      importance: 9,
      createdAt: new Date().toISOString(),
    };
    expectStatus(await person.post('/api/bubbles', { bubbles: [bubble] }), 200, 'saving a bubble');
    for (let read = 0; read < 3; read++) {
      const bubbles = expectStatus(await person.get('/api/bubbles'), 200, 'bubbles').json<{
        bubbles: unknown[];
      }>();
      expect(bubbles.bubbles).toEqual([bubble]);
    }
    const page = expectStatus(await person.get('/dashboard'), 200, 'the dashboard page');
    expect(page.text).toContain('id="root"');

    const served = proxy.log.slice(from).filter((entry) => entry.backend !== null);
    expect(new Set(served.map((entry) => entry.backend))).toEqual(new Set([0, 1, 2]));
    expect(served.filter((entry) => entry.error)).toEqual([]);
  });
}
