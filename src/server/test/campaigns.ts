import type { TLocale } from '@shared/domain/locale';
import type { WaitlistStatus } from '@shared/domain/waitlist';
import type { TStartCampaign } from '@shared/schemas/campaigns';
import type { TNewsletterContent } from '@shared/schemas/newsletters';
import type { Database } from '../db/client';
import { waitingList } from '../db/schema/waitlist';
import { openCampaignDelivery } from '../modules/campaigns/delivery';
import {
  type CampaignSenderDeps,
  type CampaignWorker,
  startCampaignWorker,
} from '../modules/campaigns/sender';
import { TEST_SESSION_SECRET, type TestContext } from './test-app';

/**
 * What the campaign tests share: people on the list, newsletter texts, the start request and a campaign
 * worker bound to a test app. Each test file keeps only what it asserts.
 */

/** A language version whose every text names `tag`, so tests can tell versions and languages apart. */
export function newsletterContent(
  tag: string,
  overrides: Partial<TNewsletterContent> = {},
): TNewsletterContent {
  return {
    subjectLine: `Subject ${tag}`,
    heroTitle: `Hero ${tag}`,
    introText: `Intro ${tag}`,
    secondTextBlock: `Second ${tag}`,
    ctaText: `Button ${tag}`,
    ctaLink: 'https://example.com/read',
    footerText: `Footer ${tag}`,
    gifAltText: `Alt ${tag}`,
    ...overrides,
  };
}

export type ListPerson = { email: string; language: TLocale; status?: WaitlistStatus };

/**
 * Waiting-list entries as they stand after joining with consent, and confirming or unsubscribing as their
 * status says (confirmed when it says nothing). Written in one statement; returned in the given order.
 */
export function addListEntries(db: Database, now: Date, people: readonly ListPerson[]) {
  return db
    .insert(waitingList)
    .values(
      people.map(({ email, language, status = 'confirmed' }) => ({
        email,
        language,
        status,
        consentAt: now,
        consentTextVersion: 'v1',
        confirmedAt: status === 'unconfirmed' ? null : now,
        unsubscribedAt: status === 'unsubscribed' ? now : null,
      })),
    )
    .returning({ id: waitingList.id, email: waitingList.email });
}

/** `POST /api/admin/campaigns`'s body for a new campaign to `entryIds`, each language with its own texts. */
export function campaignRequest(entryIds: string[], overrides: Partial<TStartCampaign> = {}): TStartCampaign {
  return {
    entryIds,
    draftId: null,
    name: 'November letter',
    content: { en: newsletterContent('en'), de: newsletterContent('de') },
    ratePerSecond: 1000,
    ...overrides,
  };
}

type WorkerOptions = Partial<
  Pick<CampaignSenderDeps, 'concurrency' | 'retryBaseMs' | 'leaseMs' | 'logger' | 'owner'>
> & { pollMs?: number };

/**
 * The campaign worker of the test app `t`, as the server starts it: its database, clock, sender address and
 * the delivery by where its mail goes now; the only worker (it takes over every sending campaign), looking
 * for work every 100 ms unless told otherwise.
 */
export function startTestCampaignWorker(
  t: TestContext,
  options: WorkerOptions = {},
): Promise<CampaignWorker> {
  return startCampaignWorker({
    db: t.database.db,
    clock: t.clock,
    logger: t.logger,
    mailFrom: t.config.mailFrom,
    appUrl: t.config.appUrl,
    secret: TEST_SESSION_SECRET,
    openDelivery: () =>
      openCampaignDelivery({ smtpUrl: t.config.smtpUrl, transport: t.mailTransport, logger: t.logger }),
    changes: t.changes,
    exclusive: true,
    pollMs: 100,
    ...options,
  });
}
