import { Img, Section } from '@react-email/components';
import type { TLocale } from '@shared/domain/locale';
import { GIF_RECOMMENDED_WIDTH, NEWSLETTER_FIELDS, type NewsletterKind } from '@shared/domain/newsletters';
import type { TNewsletterContent } from '@shared/schemas/newsletters';
import {
  absoluteUrl,
  EmailButton,
  EmailHeading,
  EmailLayout,
  EmailLink,
  EmailText,
  renderEmailParts,
} from './layout';
import { defaultNewsletterContent, newsletterTemplateCopy } from './newsletter-copy';
import { slottedRenderer } from './slotted-render';

/** What is the same for every recipient of one language version. */
type Fixed = {
  kind: NewsletterKind;
  locale: TLocale;
  content: TNewsletterContent;
  /** Absolute URL of the GIF, or null for none. */
  gifUrl: string | null;
  appUrl: string;
};
/** Each recipient's own links. In a newsletter `confirmUrl` is not used. */
type Urls = { unsubscribeUrl: string; confirmUrl: string };

/** Text staff typed is text: each non-blank line becomes a paragraph (React escapes it). */
function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {lines(text).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional and never reordered
        <EmailText key={index}>{line}</EmailText>
      ))}
    </>
  );
}

function NewsletterEmail({
  kind,
  locale,
  content,
  gifUrl,
  appUrl,
  unsubscribeUrl,
  confirmUrl,
}: Fixed & Urls) {
  const copy = newsletterTemplateCopy[locale];
  const heroTitle = content.heroTitle.trim();
  // In the GDPR e-mail the button always leads to the recipient's own confirmation link.
  const ctaHref = kind === 'gdpr' ? confirmUrl : content.ctaLink.trim();
  const ctaText = content.ctaText.trim();
  return (
    <EmailLayout
      locale={locale}
      preview={lines(content.introText)[0] ?? heroTitle}
      footerNote={content.footerText.trim()}
      unsubscribeUrl={unsubscribeUrl}
      unsubscribeLabel={copy.unsubscribeLabel}
      appUrl={appUrl}
    >
      {heroTitle && <EmailHeading>{heroTitle}</EmailHeading>}
      <Paragraphs text={content.introText} />
      {gifUrl && (
        <Section style={{ margin: '24px 0' }}>
          <Img
            src={gifUrl}
            alt={content.gifAltText.trim()}
            width={GIF_RECOMMENDED_WIDTH}
            style={{
              display: 'block',
              width: '100%',
              maxWidth: GIF_RECOMMENDED_WIDTH,
              height: 'auto',
              borderRadius: 12,
            }}
          />
        </Section>
      )}
      <Paragraphs text={content.secondTextBlock} />
      {ctaText && ctaHref && <EmailButton href={ctaHref}>{ctaText}</EmailButton>}
      {kind === 'gdpr' && (
        <EmailText muted>
          {copy.confirmLinkFallback} <EmailLink href={confirmUrl}>{confirmUrl}</EmailLink>
        </EmailText>
      )}
    </EmailLayout>
  );
}

async function renderDirectly(fixed: Fixed, urls: Urls) {
  const email = <NewsletterEmail {...fixed} {...urls} />;
  return renderEmailParts(email);
}

const renderSlotted = slottedRenderer<Fixed, keyof Urls>({
  slots: ['unsubscribeUrl', 'confirmUrl'],
  key: (fixed) => JSON.stringify(fixed),
  render: renderDirectly,
});

/**
 * The GDPR e-mail as sent: a blank field of a saved draft falls back to the built-in text of that field, and
 * the button always carries the confirmation link. A newsletter is sent as written.
 */
export function effectiveNewsletterContent(
  kind: NewsletterKind,
  locale: TLocale,
  content: TNewsletterContent,
  appUrl: string,
): TNewsletterContent {
  if (kind === 'newsletter') return content;
  const defaults = defaultNewsletterContent('gdpr', locale, appUrl);
  const filled = { ...content };
  for (const field of NEWSLETTER_FIELDS) {
    if (!filled[field].trim()) filled[field] = defaults[field];
  }
  return { ...filled, ctaLink: defaults.ctaLink };
}

/**
 * One language version of a newsletter or of the GDPR confirmation e-mail. Rendered once per kind, language,
 * content and GIF, then filled in per recipient, so a campaign renders once per language; the admin preview
 * calls this very function with sample links. `confirmUrl` is required for `gdpr`.
 */
export async function renderNewsletter(
  input: {
    kind: NewsletterKind;
    locale: TLocale;
    content: TNewsletterContent;
    gifUrl: string | null;
    appUrl: string;
  },
  links: { unsubscribeUrl: string; confirmUrl?: string },
): Promise<{ subject: string; html: string; text: string }> {
  if (input.kind === 'gdpr' && !links.confirmUrl) throw new Error('the GDPR e-mail needs a confirmation URL');
  const content = effectiveNewsletterContent(input.kind, input.locale, input.content, input.appUrl);
  const parts = await renderSlotted(
    {
      kind: input.kind,
      locale: input.locale,
      content,
      gifUrl: input.gifUrl === null ? null : absoluteUrl(input.gifUrl),
      appUrl: input.appUrl,
    },
    {
      unsubscribeUrl: absoluteUrl(links.unsubscribeUrl),
      // A newsletter has no confirmation link: its slot never appears, any absolute URL fills it.
      confirmUrl: absoluteUrl(links.confirmUrl ?? input.appUrl),
    },
  );
  return { subject: content.subjectLine.trim(), ...parts };
}
