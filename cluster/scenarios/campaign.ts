import { expect, it } from 'vitest';
import { staffSignIn } from '../../src/server/test/http-flows';
import { deliveries, seedConfirmedPeople, startCampaign, waitForCampaign } from '../campaigns';
import { type Cluster, STAFF } from '../harness';
import { scrape, seriesValue } from '../metrics';

const SENT = 'mirror_campaign_messages_total{result="sent"}';

async function sentByAll(cluster: Cluster): Promise<number> {
  const scrapes = await Promise.all(cluster.nodes.map((node) => scrape(node)));
  return scrapes.reduce((total, text) => total + seriesValue(text, SENT), 0);
}

/** The campaign workers of all processes together send each message once, at the campaign's rate. */
export function campaignScenario(cluster: () => Cluster) {
  it('sends a campaign with all processes running: each message once, at the set rate in total', async () => {
    const recipients = 120;
    const rate = 30;
    const ids = await seedConfirmedPeople(cluster(), 'paced', recipients);
    const staff = cluster().client();
    await staffSignIn(staff, STAFF);
    const sentBefore = await sentByAll(cluster());

    const campaign = await startCampaign(staff, { ids, subject: 'Paced letter', ratePerSecond: rate });
    const done = await waitForCampaign(staff, campaign.id);
    expect(done.counts).toMatchObject({ total: recipients, sent: recipients, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500)); // time for a stray duplicate to arrive

    const { messages, perAddress, twice } = deliveries(cluster().sink.messages, 'Paced letter');
    expect(twice).toEqual([]);
    expect(perAddress.size).toBe(recipients);
    expect(messages).toHaveLength(recipients);
    // Never faster than the rate, however many processes run: no second holds more than the rate (and the
    // pacer's burst of rate/20), and the whole campaign took at least as long as the rate allows. (How much
    // slower it may be on a busy machine is for the campaign benchmark, not this test.)
    const times = messages.map((message) => message.receivedAt).sort((a, b) => a - b);
    const busiestSecond = Math.max(
      ...times.map((start) => times.filter((t) => t >= start && t < start + 1000).length),
    );
    expect(busiestSecond).toBeLessThanOrEqual(Math.ceil(rate * 1.05 + 1));
    const seconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    expect((recipients - 1) / seconds).toBeLessThanOrEqual(rate * 1.05);

    // Each process reports what it sent; together, every message once.
    expect((await sentByAll(cluster())) - sentBefore).toBe(recipients);
  });
}
