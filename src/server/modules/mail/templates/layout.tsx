import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { plainTextSelectors, render } from '@react-email/render';
import type { TLocale } from '@shared/domain/locale';
import type { ReactElement, ReactNode } from 'react';

/** Brand colours for e-mail; no web fonts or images, which many clients block. */
const colors = {
  paper: '#f6f1ea',
  card: '#fffdf9',
  ink: '#1f1a26',
  muted: '#5c5366',
  plum: '#6b3a5b',
  rule: '#e4dbd0',
};
const serif = "Georgia, 'Times New Roman', Times, serif";
const sans = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

// Inline styles carry the light look everywhere; clients that honour prefers-color-scheme (Apple Mail,
// Outlook apps) get these overrides, and the rest invert the light design themselves.
const darkModeCss = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .m-paper { background-color: #17131c !important; }
  .m-card { background-color: #221c2a !important; border-color: #3a3244 !important; }
  .m-ink { color: #f3ece3 !important; }
  .m-muted { color: #c9bfd0 !important; }
  .m-link { color: #e3b6d3 !important; }
  .m-button { background-color: #c792b5 !important; color: #17131c !important; }
  .m-rule { border-color: #3a3244 !important; }
}
`;

/**
 * How the text part of every e-mail is rendered. html-to-text shouts headings in capitals by default; keep
 * them as written. No wrapping: the text part then comes out the same whether a URL is filled in before or
 * after rendering.
 */
export const plainTextOptions = {
  plainText: true,
  htmlToTextOptions: {
    wordwrap: false,
    selectors: [...plainTextSelectors, { selector: 'h1', options: { uppercase: false } }],
  },
} as const;

/** An e-mail's HTML and plain-text parts, rendered with React Email (a few milliseconds). */
export async function renderEmailParts(email: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(email), render(email, plainTextOptions)]);
  return { html, text };
}

/** Every link in an e-mail must be absolute: a relative one has no page to be relative to. */
export function absoluteUrl(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new Error(`e-mail links must be absolute http(s) URLs, got ${JSON.stringify(url)}`);
  }
  return parsed.toString();
}

export function EmailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      className="m-ink"
      style={{
        fontFamily: serif,
        fontSize: 28,
        lineHeight: '36px',
        fontWeight: 400,
        color: colors.ink,
        margin: 0,
      }}
    >
      {children}
    </Heading>
  );
}

export function EmailText({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      className={muted ? 'm-muted' : 'm-ink'}
      style={{
        fontFamily: sans,
        fontSize: muted ? 14 : 16,
        lineHeight: muted ? '22px' : '26px',
        color: muted ? colors.muted : colors.ink,
        margin: '16px 0',
      }}
    >
      {children}
    </Text>
  );
}

export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={absoluteUrl(href)}
      className="m-link"
      style={{ color: colors.plum, textDecoration: 'underline', wordBreak: 'break-all' }}
    >
      {children}
    </Link>
  );
}

export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '28px 0' }}>
      <Button
        href={absoluteUrl(href)}
        className="m-button"
        style={{
          backgroundColor: colors.plum,
          color: '#ffffff',
          fontFamily: sans,
          fontSize: 16,
          fontWeight: 600,
          lineHeight: '24px',
          borderRadius: 999,
          padding: '12px 28px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/**
 * The frame of all our e-mails: preheader, a card on warm paper, and a footer with the unsubscribe link.
 * Account e-mails (verification, password reset) are not list mail and have no unsubscribe link.
 */
export function EmailLayout(props: {
  locale: TLocale;
  preview: string;
  footerNote: string;
  unsubscribeUrl?: string;
  unsubscribeLabel?: string;
  appUrl: string;
  children: ReactNode;
}) {
  const appUrl = absoluteUrl(props.appUrl);
  const footerText = {
    fontFamily: sans,
    fontSize: 12,
    lineHeight: '18px',
    color: colors.muted,
    margin: '8px 0',
  };
  return (
    <Html lang={props.locale} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkModeCss}</style>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body className="m-paper" style={{ backgroundColor: colors.paper, margin: 0, padding: '32px 12px' }}>
        <Container style={{ maxWidth: 560, width: '100%', margin: '0 auto' }}>
          <Text
            className="m-ink"
            style={{
              fontFamily: serif,
              fontSize: 20,
              letterSpacing: '0.04em',
              color: colors.ink,
              margin: '0 0 16px',
            }}
          >
            Mirror
          </Text>
          <Section
            className="m-card"
            style={{
              backgroundColor: colors.card,
              border: `1px solid ${colors.rule}`,
              borderRadius: 16,
              padding: '32px 28px',
            }}
          >
            {props.children}
          </Section>
          <Hr className="m-rule" style={{ borderColor: colors.rule, margin: '24px 0 12px' }} />
          <Text className="m-muted" style={footerText}>
            {props.footerNote}
          </Text>
          <Text className="m-muted" style={footerText}>
            {props.unsubscribeUrl && (
              <>
                <Link
                  href={absoluteUrl(props.unsubscribeUrl)}
                  className="m-link"
                  style={{ color: colors.plum, textDecoration: 'underline' }}
                >
                  {props.unsubscribeLabel}
                </Link>
                {' · '}
              </>
            )}
            <Link
              href={appUrl}
              className="m-link"
              style={{ color: colors.plum, textDecoration: 'underline' }}
            >
              {new URL(appUrl).host}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
