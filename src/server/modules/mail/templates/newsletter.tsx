import { Img, Section } from '@react-email/components';
import type { TLocale } from '@shared/domain/locale';
import {
  type EmailGif,
  GIF_MAX_DISPLAY_WIDTH,
  gifDisplaySize,
  NEWSLETTER_FIELDS,
  type NewsletterKind,
} from '@shared/domain/newsletters';
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
  /** The GIF of this language (absolute URL, natural size), or null for none. */
  gif: EmailGif | null;
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

/**
 * The GIF at its natural size, at most GIF_MAX_DISPLAY_WIDTH wide with its proportions kept: the attributes
 * size it in clients that ignore CSS; on a narrower screen it shrinks, never grows.
 */
function EmailGifImage({ gif, alt }: { gif: EmailGif; alt: string }) {
  const size: { width: number; height?: number } =
    gif.height === null
      ? { width: GIF_MAX_DISPLAY_WIDTH }
      : gifDisplaySize({ width: gif.width, height: gif.height });
  return (
    <Section style={{ margin: '24px 0' }}>
      <Img
        src={gif.url}
        alt={alt}
        width={size.width}
        height={size.height}
        style={{
          display: 'block',
          width: '100%',
          maxWidth: size.width,
          height: 'auto',
          margin: '0 auto',
          borderRadius: 12,
        }}
      />
    </Section>
  );
}

function NewsletterEmail({ kind, locale, content, gif, appUrl, unsubscribeUrl, confirmUrl }: Fixed & Urls) {
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
      {gif && <EmailGifImage gif={gif} alt={content.gifAltText.trim()} />}
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
    gif: EmailGif | null;
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
      gif: input.gif === null ? null : { ...input.gif, url: absoluteUrl(input.gif.url) },
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
