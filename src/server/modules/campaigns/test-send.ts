import { randomUUID } from 'node:crypto';
import type { TLocale } from '@shared/domain/locale';
import { isValidCtaLink } from '@shared/domain/newsletters';
import { isValidEmail } from '@shared/domain/waitlist';
import type { TCampaignTestResult, TCampaignTestSend } from '@shared/schemas/campaigns';
import { recordAudit } from '../admin/audit';
import { type MailDeps, type MailMessage, sendImmediately } from '../mail/service';
import { renderNewsletter } from '../mail/templates/newsletter';
import { emailGifsFor, type NewsletterChange } from '../newsletters/service';
import { suppressedAmong } from '../suppression/service';
import { sampleUnsubscribeUrl } from './service';

/** Marks the subject of a test send, so nobody takes it for the real newsletter. */
const TEST_SUBJECT_PREFIX: Record<TLocale, string> = { en: '[Test] ', de: '[Test] ' };

export type TestSendError = 'invalid_email' | 'invalid_cta_link' | 'subject_required';

/**
 * Sends the composed newsletter, each chosen language to each given address (decision 046): rendered as a
 * campaign renders it (the same texts, the kind's GIF), with the sample unsubscribe link, the subject
 * marked "[Test]". Like the e-mail test it goes out at once whatever auto-send says, without the global
 * BCC; it is no campaign, so no campaign counts it. A suppressed address gets nothing. Nothing is sent
 * when an address, a subject or a link is wrong.
 */
export async function sendCampaignTest(
  deps: { mail: MailDeps; appUrl: string },
  input: NewsletterChange & { request: TCampaignTestSend },
): Promise<{ ok: true; result: TCampaignTestResult } | { ok: false; error: TestSendError }> {
  const to = [...new Set(input.request.to.map((address) => address.trim()))];
  const languages = [...new Set(input.request.languages)];
  if (to.some((address) => !isValidEmail(address))) return { ok: false, error: 'invalid_email' };
  for (const locale of languages) {
    const content = input.request.content[locale];
    if (content.subjectLine.trim() === '') return { ok: false, error: 'subject_required' };
    const link = content.ctaLink.trim();
    if (link !== '' && !isValidCtaLink(link, 'newsletter')) return { ok: false, error: 'invalid_cta_link' };
  }

  const gifs = await emailGifsFor(deps.mail.db, { kind: 'newsletter', appUrl: deps.appUrl });
  const rendered = new Map(
    await Promise.all(
      languages.map(async (locale) => {
        const content = input.request.content[locale];
        const email = await renderNewsletter(
          {
            kind: 'newsletter',
            locale,
            content: { ...content, ctaLink: content.ctaLink.trim() },
            gif: gifs[locale],
            appUrl: deps.appUrl,
          },
          { unsubscribeUrl: sampleUnsubscribeUrl(deps.appUrl, locale) },
        );
        return [locale, { ...email, subject: `${TEST_SUBJECT_PREFIX[locale]}${email.subject}` }] as const;
      }),
    ),
  );

  const suppressedKeys = await suppressedAmong(deps.mail.db, to);
  const suppressed = new Set(to.filter((address) => suppressedKeys.has(address.toLowerCase())));
  const planned = to.flatMap((address) => languages.map((language) => ({ address, language })));
  const messages: MailMessage[] = planned
    .filter(({ address }) => !suppressed.has(address))
    .map(({ address, language }) => {
      const email = rendered.get(language);
      if (!email) throw new Error(`campaign test: ${language} was not rendered`);
      return {
        kind: 'newsletter_test',
        messageKey: `newsletter-test:${randomUUID()}`,
        to: address,
        ...email,
      };
    });

  const sent = await sendImmediately(deps.mail, messages, async (tx, rows) => {
    await recordAudit(tx, {
      actor: input.actor,
      action: 'newsletter.test',
      target: to.join(', '),
      details: { languages, outboxIds: rows.map((row) => row.id), suppressed: [...suppressed] },
      ip: input.ip,
      at: input.now,
    });
  });

  let next = 0;
  const results = planned.map(({ address, language }) => {
    const subject = rendered.get(language)?.subject ?? '';
    if (suppressed.has(address)) {
      return { to: address, language, subject, outcome: 'suppressed' as const, error: null };
    }
    const outcome = sent[next];
    next += 1;
    if (!outcome) throw new Error('campaign test: a message has no outcome');
    const { result } = outcome;
    return {
      to: address,
      language,
      subject,
      outcome: result.outcome,
      ...('retryAt' in result && result.retryAt ? { retryAt: result.retryAt } : {}),
      error: result.error,
    };
  });
  const transport = sent[0]?.transport ?? (await deps.mail.transport.describe().catch(() => null));
  return { ok: true, result: { transport, results } };
}
