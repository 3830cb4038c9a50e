import type { TCampaign, TCampaignList } from '@shared/schemas/campaigns';
import type { HttpClient } from '../src/server/test/http-client';
import { expectStatus, newsletterContent } from '../src/server/test/http-flows';
import type { ParsedMessage } from '../src/server/test/smtp-sink';
import type { Cluster } from './harness';

/** `count` confirmed people on the list, written straight into the database (the setup, not the test). */
export async function seedConfirmedPeople(
  cluster: Cluster,
  prefix: string,
  count: number,
): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, index) => `${prefix}-${index}@example.com`);
  const result = await cluster.db.query<{ id: string }>(
    `insert into waiting_list (email, language, status, consent_at, consent_text_version, confirmed_at)
     select email, case when n % 3 = 0 then 'de' else 'en' end, 'confirmed', now(), 'v1', now()
     from unnest($1::text[]) with ordinality as t(email, n)
     returning id`,
    [emails],
  );
  return result.rows.map((row) => row.id);
}

/** Starts a campaign to `ids` through the API; its English subject is `subject`. */
export async function startCampaign(
  staff: HttpClient,
  options: { ids: string[]; subject: string; ratePerSecond: number },
): Promise<TCampaign> {
  const answer = await staff.post('/api/admin/campaigns', {
    entryIds: options.ids,
    draftId: null,
    name: options.subject,
    content: newsletterContent(options.subject),
    ratePerSecond: options.ratePerSecond,
  });
  return expectStatus(answer, 201, 'starting the campaign').json<{ campaign: TCampaign }>().campaign;
}

/** Polls the campaign history (through the proxy) until the campaign is completed; tolerates a 502. */
export async function waitForCampaign(staff: HttpClient, id: string, timeoutMs = 90_000): Promise<TCampaign> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await staff.get('/api/admin/campaigns');
    const found =
      answer.status === 200 ? answer.json<TCampaignList>().campaigns.find((c) => c.id === id) : undefined;
    if (found?.status === 'completed') return found;
    if (Date.now() > deadline) throw new Error(`the campaign did not finish: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The sink's messages of one campaign (by subject, either language), and how many each address got. */
export function deliveries(messages: ParsedMessage[], subject: string) {
  const ofCampaign = messages.filter((message) => message.parsed.subject?.startsWith(subject));
  const perAddress = new Map<string, number>();
  for (const message of ofCampaign) {
    for (const address of message.envelope.to) perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
  }
  return { messages: ofCampaign, perAddress, twice: [...perAddress].filter(([, count]) => count > 1) };
}
