import { expect, it } from 'vitest';
import { staffSignIn } from '../../src/server/test/http-flows';
import { deliveries, seedConfirmedPeople, startCampaign, waitForCampaign } from '../campaigns';
import { type Cluster, type ClusterNode, STAFF } from '../harness';

/** The process that holds the campaign's lease (`host:pid:random` in campaigns.lease_owner). */
async function leaseHolder(cluster: Cluster, campaignId: string): Promise<ClusterNode> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await cluster.db.query<{ owner: string | null }>(
      'select lease_owner as owner from campaigns where id = $1',
      [campaignId],
    );
    const pid = Number(rows[0]?.owner?.split(':')[1]);
    const node = Number.isInteger(pid) ? cluster.nodeByPid(pid) : undefined;
    if (node) return node;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no process took the campaign');
}

/** A process killed in the middle of sending: another takes over when the lease runs out. */
export function killScenario(cluster: () => Cluster) {
  it('loses and duplicates nothing when the sending process is SIGKILLed mid-campaign', async () => {
    const recipients = 300;
    const ids = await seedConfirmedPeople(cluster(), 'killed', recipients);
    const staff = cluster().client();
    await staffSignIn(staff, STAFF);
    const campaign = await startCampaign(staff, { ids, subject: 'Interrupted letter', ratePerSecond: 100 });
    const holder = await leaseHolder(cluster(), campaign.id);

    // Killed the moment a message's final dot arrives, half way: the sender waits for that message's reply.
    let seen = 0;
    let killedAt = 0;
    cluster().onMessageEnd = () => {
      seen += 1;
      if (seen === recipients / 2) {
        killedAt = seen;
        holder.child?.kill('SIGKILL');
      }
    };
    try {
      const exit = await holder.exited;
      expect(exit.signal).toBe('SIGKILL');
      expect(killedAt).toBe(recipients / 2);
      const done = await waitForCampaign(staff, campaign.id);
      expect(done.counts).toMatchObject({ total: recipients, sent: recipients, failed: 0 });
    } finally {
      cluster().onMessageEnd = null;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { messages, perAddress, twice } = deliveries(cluster().sink.messages, 'Interrupted letter');
    expect(twice).toEqual([]);
    expect(perAddress.size).toBe(recipients);
    expect(messages).toHaveLength(recipients);

    await cluster().start(holder.index);
  });
}
