import type { CampaignCounts } from '@shared/domain/campaigns';
import type { TCampaign } from '@shared/schemas/campaigns';
import { describe, expect, it } from 'vitest';
import { addCampaign, campaignTally, replaceCampaign } from './campaign-view';

const counts = (overrides: Partial<CampaignCounts> = {}): CampaignCounts => ({
  total: 300,
  pending: 170,
  sending: 7,
  sent: 120,
  failed: 3,
  cancelled: 0,
  ...overrides,
});

const campaign = (id: string, overrides: Partial<TCampaign> = {}): TCampaign => ({
  id,
  newsletterId: null,
  name: `Campaign ${id}`,
  subjects: { en: 'News', de: 'Neuigkeiten' },
  status: 'sending',
  ratePerSecond: 10,
  byLanguage: { en: 250, de: 50 },
  counts: counts(),
  bcc: [],
  createdBy: 'staff@example.com',
  createdAt: '2025-04-01T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

describe('replaceCampaign', () => {
  it('puts the newer campaign in its place and keeps the order and the others', () => {
    const list = { campaigns: [campaign('b'), campaign('a')] };
    const done = campaign('a', {
      status: 'completed',
      counts: counts({ pending: 0, sending: 0, sent: 297 }),
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

  it('replaces it when the stream brought it first, instead of showing it twice', () => {
    const list = { campaigns: [campaign('b'), campaign('a')] };
    const started = campaign('b', { counts: counts({ sent: 0 }) });
    const next = addCampaign(list, started);
    expect(next.campaigns.map((row) => row.id)).toEqual(['b', 'a']);
    expect(next.campaigns[0]).toBe(started);
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
