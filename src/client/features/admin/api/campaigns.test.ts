import type { TCampaign, TCampaignList } from '@shared/schemas/campaigns';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addCampaign } from '../lib/campaign-view';
import { campaignListKey, campaignListQueryOptions } from './campaigns';

const campaign = (overrides: Partial<TCampaign>): TCampaign => ({
  id: '0b6f6f2e-8b52-4f4e-9a43-3d8f0f1d2c11',
  newsletterId: null,
  name: 'Spring',
  subjects: { en: 'News', de: 'Neuigkeiten' },
  status: 'sending',
  stopped: false,
  ratePerSecond: 10,
  byLanguage: { en: 2, de: 1 },
  counts: { total: 3, pending: 3, sending: 0, sent: 0, failed: 0, bounced: 0, cancelled: 0, unsubscribed: 0 },
  bcc: [],
  createdBy: 'staff@example.com',
  createdAt: '2026-11-23T10:00:00.000Z',
  finishedAt: null,
  observedAt: '2026-11-23T10:00:00.100000Z',
  ...overrides,
});

const done = campaign({
  status: 'completed',
  counts: { total: 3, pending: 0, sending: 0, sent: 3, failed: 0, bounced: 0, cancelled: 0, unsubscribed: 0 },
  finishedAt: '2026-11-23T10:00:00.400Z',
  observedAt: '2026-11-23T10:00:00.450000Z',
});

describe('the cached campaign history', () => {
  it('keeps the live event when a load that began before it answers after it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData<TCampaignList>(campaignListKey, { campaigns: [] });
    let answer: (list: TCampaignList) => void = () => undefined;
    const loading = client.fetchQuery({
      ...campaignListQueryOptions,
      queryFn: () =>
        new Promise<TCampaignList>((resolve) => {
          answer = resolve;
        }),
    });
    // The stream's last event (the campaign done) arrives while the list is still loading…
    client.setQueryData<TCampaignList>(campaignListKey, (list) =>
      addCampaign(list ?? { campaigns: [] }, done),
    );
    // …and the list, read by the database before the messages went out, arrives after it.
    answer({ campaigns: [campaign({})] });
    await loading;
    expect(client.getQueryData<TCampaignList>(campaignListKey)?.campaigns).toEqual([done]);
  });

  it('takes a load that is later than what it holds', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData<TCampaignList>(campaignListKey, { campaigns: [campaign({})] });
    await client.fetchQuery({ ...campaignListQueryOptions, queryFn: async () => ({ campaigns: [done] }) });
    expect(client.getQueryData<TCampaignList>(campaignListKey)?.campaigns).toEqual([done]);
  });
});
