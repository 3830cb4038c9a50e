import type { CampaignCounts } from '@shared/domain/campaigns';
import type { TCampaign } from '@shared/schemas/campaigns';
import { describe, expect, it } from 'vitest';
import {
  addCampaign,
  campaignBadge,
  campaignTally,
  mergeCampaignLists,
  replaceCampaign,
} from './campaign-view';

const counts = (overrides: Partial<CampaignCounts> = {}): CampaignCounts => ({
  total: 300,
  pending: 170,
  sending: 7,
  sent: 120,
  failed: 3,
  bounced: 0,
  cancelled: 0,
  unsubscribed: 0,
  ...overrides,
});

const campaign = (id: string, overrides: Partial<TCampaign> = {}): TCampaign => ({
  id,
  newsletterId: null,
  name: `Campaign ${id}`,
  subjects: { en: 'News', de: 'Neuigkeiten' },
  status: 'sending',
  stopped: false,
  ratePerSecond: 10,
  byLanguage: { en: 250, de: 50 },
  counts: counts(),
  bcc: [],
  createdBy: 'staff@example.com',
  createdAt: '2025-04-01T10:00:00.000Z',
  finishedAt: null,
  observedAt: '2025-04-01T10:00:05.000100Z',
  ...overrides,
});

describe('replaceCampaign', () => {
  it('puts the newer campaign in its place and keeps the order and the others', () => {
    const list = { campaigns: [campaign('b'), campaign('a')] };
    const done = campaign('a', {
      status: 'completed',
      counts: counts({ pending: 0, sending: 0, sent: 297 }),
      observedAt: '2025-04-01T10:00:35.000000Z',
    });
    const next = replaceCampaign(list, done);
    expect(next?.campaigns.map((row) => row.id)).toEqual(['b', 'a']);
    expect(next?.campaigns[1]).toBe(done);
    expect(next?.campaigns[0]).toBe(list.campaigns[0]);
    // The cached list itself is not changed.
    expect(list.campaigns[1]?.status).toBe('sending');
  });

  it('answers null for a campaign the list does not hold', () => {
    expect(replaceCampaign({ campaigns: [campaign('a')] }, campaign('new'))).toBeNull();
    expect(replaceCampaign({ campaigns: [] }, campaign('new'))).toBeNull();
  });
});

describe('addCampaign', () => {
  it('puts a new campaign on top', () => {
    const list = { campaigns: [campaign('a')] };
    expect(addCampaign(list, campaign('b')).campaigns.map((row) => row.id)).toEqual(['b', 'a']);
  });

  it('keeps what the stream brought first when the answer to the send is older', () => {
    const streamed = campaign('b', {
      counts: counts({ sent: 3 }),
      observedAt: '2025-04-01T10:00:05.000300Z',
    });
    const list = { campaigns: [streamed, campaign('a')] };
    const answered = campaign('b', {
      counts: counts({ sent: 0 }),
      observedAt: '2025-04-01T10:00:05.000200Z',
    });
    const next = addCampaign(list, answered);
    expect(next.campaigns.map((row) => row.id)).toEqual(['b', 'a']);
    expect(next.campaigns[0]).toBe(streamed);
  });
});

describe('replaceCampaign with an older copy', () => {
  it('changes nothing: a late event never puts older progress back', () => {
    const list = { campaigns: [campaign('a', { observedAt: '2025-04-01T10:00:09.000001Z' })] };
    expect(replaceCampaign(list, campaign('a', { observedAt: '2025-04-01T10:00:09.000000Z' }))).toBe(list);
  });
});

describe('mergeCampaignLists', () => {
  const done = campaign('a', {
    status: 'completed',
    counts: counts({ pending: 0, sending: 0, sent: 300, failed: 0 }),
    observedAt: '2025-04-01T10:00:07.000002Z',
  });

  it('keeps a cached copy that is later than the loaded one (an event came in while the list loaded)', () => {
    const loaded = {
      campaigns: [campaign('b'), campaign('a', { observedAt: '2025-04-01T10:00:07.000001Z' })],
    };
    const merged = mergeCampaignLists({ campaigns: [done] }, loaded);
    expect(merged.campaigns.map((row) => row.id)).toEqual(['b', 'a']);
    expect(merged.campaigns[1]).toBe(done);
    expect(merged.campaigns[0]).toBe(loaded.campaigns[0]);
  });

  it('takes the loaded copies when they are later, and its rows and order', () => {
    const loaded = { campaigns: [campaign('a', { observedAt: '2025-04-01T10:00:08.000000Z' })] };
    expect(mergeCampaignLists({ campaigns: [done, campaign('gone')] }, loaded)).toEqual(loaded);
    expect(mergeCampaignLists(undefined, loaded)).toBe(loaded);
  });
});

describe('campaignTally', () => {
  it('counts waiting and in-flight messages as pending and gives the settled share', () => {
    const tally = campaignTally(counts());
    expect(tally).toMatchObject({ total: 300, sent: 120, failed: 3, cancelled: 0, pending: 177 });
    expect(tally.progress).toBeCloseTo(123 / 300);
    expect(tally.percent.sent).toBeCloseTo(40);
    expect(tally.percent.failed).toBeCloseTo(1);
    expect(tally.percent.cancelled).toBe(0);
  });

  it('fills the bar with a cancelled campaign: sent, failed and cancelled make the whole', () => {
    const tally = campaignTally(counts({ pending: 0, sending: 0, sent: 100, failed: 0, cancelled: 200 }));
    expect(tally.pending).toBe(0);
    expect(tally.progress).toBe(1);
    expect(tally.percent.sent + tally.percent.failed + tally.percent.cancelled).toBeCloseTo(100);
  });

  it('draws no segments for an empty campaign', () => {
    const tally = campaignTally(counts({ total: 0, pending: 0, sending: 0, sent: 0, failed: 0 }));
    expect(tally.percent).toEqual({ sent: 0, failed: 0, cancelled: 0 });
    expect(tally.pending).toBe(0);
  });
});

describe('campaignBadge', () => {
  it('says paused while the emergency stop holds a campaign, and never a plain completed with failures', () => {
    expect(campaignBadge({ status: 'sending', stopped: true, counts: counts() }).key).toBe(
      'admin.campaigns.status.stopped',
    );
    expect(
      campaignBadge({ status: 'completed', stopped: false, counts: counts({ failed: 3, bounced: 3 }) }),
    ).toEqual({
      tone: 'danger',
      key: 'admin.campaigns.status.completedWithFailures',
      params: { failed: 3, bounced: 3 },
    });
    expect(
      campaignBadge({ status: 'completed', stopped: false, counts: counts({ failed: 0 }) }),
    ).toMatchObject({ tone: 'success', key: 'admin.campaigns.status.completed' });
  });
});
