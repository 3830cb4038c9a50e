import type { TLocale } from '@shared/domain/locale';
import { buildSeo, type SeoPage, seoDefaults } from '@shared/domain/seo';
import de from '@shared/i18n/de.json';
import en from '@shared/i18n/en.json';
import type { TPageContent } from '@shared/schemas/site';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';

const MESSAGES: Record<TLocale, Record<string, string>> = { en, de };

function content(page: SeoPage, locale: TLocale, texts: Record<string, string> = {}): TPageContent {
  const translate = (key: string) => MESSAGES[locale][key] ?? key;
  const seo = buildSeo({
    page,
    locale,
    values: {},
    defaults: seoDefaults(translate, page),
    appUrl: 'https://mirror.test',
  });
  return { page, locale, texts, seo };
}

async function renderPage(
  path: string,
  page: SeoPage,
  options: {
    locale?: TLocale;
    revealed?: boolean;
    homeClear?: boolean;
    signedOut?: boolean;
    texts?: Record<string, string>;
  } = {},
) {
  const locale = options.locale ?? 'en';
  const output = await render({
    url: `https://mirror.test${path}`,
    locale,
    messages: MESSAGES[locale],
    pageContent: content(page, locale, options.texts),
    revealed: options.revealed ?? false,
    homeClear: options.homeClear ?? false,
    signedOut: options.signedOut ?? true,
  });
  if (!output) throw new Error('no output');
  return output;
}

describe('server rendering of public pages', () => {
  it('renders the landing with its stored texts, under the veil, and names its page module', async () => {
    const { html, modules } = await renderPage('/', 'home', {
      texts: { 'hero.title': 'A title from the CMS' },
    });
    expect(html).toContain('A title from the CMS');
    expect(html).toContain('How it works');
    expect(html).toContain('data-reveal-veil');
    expect(html).not.toContain('<video');
    expect(modules).toEqual(['src/client/app/routes/home.tsx']);
  });

  it('draws on the landing what its own script needs: the video button hidden, with both labels', async () => {
    const { html } = await renderPage('/', 'home', { locale: 'de' });
    const button = /<button[^>]*data-video-toggle[^>]*>/.exec(html)?.[0] ?? '';
    expect(button).toMatch(/\bhidden=""/);
    expect(button).toContain(`data-label-play="${de['video.play']}"`);
    expect(button).toContain(`data-label-pause="${de['video.pause']}"`);
    expect(html).toContain(`data-label-error="${de['video.error']}"`);
    // Both hints of the veil, one shown by a media query: the server cannot know the pointer.
    expect(html).toContain(de['landing.overlay.hint']);
    expect(html).toContain(de['landing.overlay.hintTouch']);
  });

  it('opens the landing clear once after a language switch there (decision 059)', async () => {
    const { html } = await renderPage('/', 'home', { homeClear: true });
    expect(html).not.toContain('data-reveal-veil');
    expect(html).toContain('How it works');
    // The cookie means nothing anywhere else.
    expect((await renderPage('/invite', 'invite', { homeClear: true })).html).toContain('data-reveal-veil');
  });

  it('keeps the veil on the landing even after a reveal, as the spec says, and drops it elsewhere', async () => {
    expect((await renderPage('/', 'home', { revealed: true })).html).toContain('data-reveal-veil');
    const invite = await renderPage('/invite', 'invite', { revealed: true });
    expect(invite.html).not.toContain('data-reveal-veil');
    expect(invite.html).toContain('An invitation to look closer');
    expect((await renderPage('/invite', 'invite')).html).toContain('data-reveal-veil');
  });

  it('renders the legal notice as staff wrote it, and says plainly what it still lacks', async () => {
    const empty = (await renderPage('/legal', 'legal', { locale: 'de' })).html;
    expect(empty).toContain(de['legal.incomplete.title']);
    expect(empty).toContain('(Unternehmen, Anschrift und Kontakt)');
    expect(empty).not.toContain('Noch nicht angegeben');
    expect(empty).not.toContain(de['legal.registration']);

    const partial = (
      await renderPage('/legal', 'legal', {
        texts: { 'legal.companyName': 'Mirror GmbH', 'legal.vatId': 'DE123456789' },
      })
    ).html;
    expect(partial).toContain('Mirror GmbH');
    expect(partial).toContain('DE123456789');
    expect(partial).toContain('(Address and Contact)');
    expect(partial).not.toContain(en['legal.field.register']);

    const complete = (
      await renderPage('/legal', 'legal', {
        texts: { 'legal.companyName': 'Mirror GmbH', 'legal.address': 'Berlin', 'legal.contact': 'hi@x.de' },
      })
    ).html;
    expect(complete).not.toContain(en['legal.incomplete.title']);
    expect(complete).toContain(en['legal.company']);
  });

  it('renders the sign-in form for a signed-out visitor, and only waits for the session when it is unknown', async () => {
    const signedOut = await renderPage('/auth', 'auth', { locale: 'de' });
    expect(signedOut.html).toContain(de['auth.signIn.title']);
    expect(signedOut.html).toContain('type="password"');
    expect(signedOut.html).not.toContain('data-reveal-veil');
    expect(signedOut.modules).toEqual(['src/client/app/routes/auth.tsx']);
    const unknown = (await renderPage('/auth', 'auth', { signedOut: false })).html;
    expect(unknown).not.toContain(en['auth.signIn.title']);
    expect(unknown).toContain(en['auth.submitting']);
  });

  it('renders in German', async () => {
    const { html } = await renderPage('/waiting-list', 'waiting-list', { locale: 'de', revealed: true });
    expect(html).toContain('erhalte unsere e-mails');
    expect(html).toContain('Impressum');
  });

  it('writes no inline script, which the Content-Security-Policy would refuse', async () => {
    for (const [path, page] of [
      ['/', 'home'],
      ['/legal', 'legal'],
      ['/videos', 'videos'],
    ] as const) {
      const { html } = await renderPage(path, page, { revealed: true });
      expect(html, path).not.toMatch(/<script/i);
    }
  });
});
