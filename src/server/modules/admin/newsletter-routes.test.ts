import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { TLocale } from '@shared/domain/locale';
import { CONFIRMATION_LINK_PLACEHOLDER, GIF_MAX_BYTES, NEWSLETTER_FIELDS } from '@shared/domain/newsletters';
import type {
  TNewsletterContent,
  TNewsletterDefaults,
  TNewsletterDraft,
  TNewsletterDraftList,
  TNewsletterGifs,
  TNewsletterPreview,
  TNewsletterVersionList,
  TSaveNewsletterDraft,
} from '@shared/schemas/newsletters';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletterContent } from '../../test/campaigns';
import { gif, gifChunks, png } from '../../test/media-fixtures';
import { type ParsedMessage, type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import {
  createSignedInStaff,
  expectJson,
  type SignedInStaff,
  staffHeaders,
  staffRequest,
} from '../../test/staff';
import { createTestApp, errorCodeOf, sendJson, type TestContext } from '../../test/test-app';
import { createSignedInUser } from '../../test/users';
import { waitlistConfirmationCopy } from '../mail/templates/copy';
import { renderNewsletter } from '../mail/templates/newsletter';
import { renderWaitlistConfirmation } from '../mail/templates/waitlist-confirmation';
import { KEPT_EARLIER_VERSIONS } from '../newsletters/service';
import { latestAudit } from './audit';

const APP_URL = 'https://mirror.test';
let sink: SmtpSink;
let t: TestContext;
let staff: SignedInStaff;
let ipCounter = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});
beforeEach(async () => {
  t = await createTestApp({ env: { APP_URL, SMTP_URL: sink.url, TRUST_PROXY: 'true' } });
  staff = await createSignedInStaff(t);
});
afterEach(async () => {
  await t.close();
  sink.messages.length = 0;
});

// ---- helpers ----

const blank: TNewsletterContent = {
  subjectLine: '',
  heroTitle: '',
  introText: '',
  secondTextBlock: '',
  ctaText: '',
  ctaLink: '',
  footerText: '',
  gifAltText: '',
};

const newsletter = (name: string, tag = name): TSaveNewsletterDraft => ({
  kind: 'newsletter',
  name,
  content: { en: newsletterContent(`${tag} en`), de: newsletterContent(`${tag} de`) },
});
const gdpr = (name: string, en: TNewsletterContent, de: TNewsletterContent): TSaveNewsletterDraft => ({
  kind: 'gdpr',
  name,
  content: { en, de },
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', pathname: string, body?: unknown) {
  return staffRequest(t, staff, method, pathname, body);
}

const saved = async (draft: TSaveNewsletterDraft) =>
  expectJson<TNewsletterDraft>(await call('POST', '/api/admin/newsletters', draft), 201);
const list = async (kind: 'newsletter' | 'gdpr') =>
  (await expectJson<TNewsletterDraftList>(await call('GET', `/api/admin/newsletters?kind=${kind}`))).drafts;
const preview = async (kind: 'newsletter' | 'gdpr', language: TLocale, version: TNewsletterContent) =>
  expectJson<TNewsletterPreview>(
    await call('POST', '/api/admin/newsletters/preview', { kind, language, content: version }),
  );

type Body = Buffer | AsyncIterable<Buffer>;

function uploadGif(
  kind: string,
  language: string,
  body: Body,
  options: { contentType?: string; headers?: Record<string, string> } = {},
) {
  const init: RequestInit & { duplex?: 'half' } = {
    method: 'POST',
    headers: {
      ...staffHeaders(t, staff),
      'content-type': options.contentType ?? 'image/gif',
      ...options.headers,
    },
  };
  if (Buffer.isBuffer(body)) init.body = new Uint8Array(body);
  else {
    init.body = Readable.toWeb(Readable.from(body)) as unknown as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return t.app.request(`/api/admin/newsletters/gifs/${kind}/${language}`, init);
}

/** Every file under DATA_DIR/storage, hidden ones (sidecars, temporary parts) included. */
function filesOnDisk(): string[] {
  const root = path.join(t.config.dataDir, 'storage');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Joins the waiting list and returns the confirmation e-mail. */
async function joinedMail(email: string, language: TLocale): Promise<ParsedMessage> {
  ipCounter += 1;
  const response = await sendJson(t.app, {
    method: 'POST',
    path: '/api/waitlist',
    body: { email, consent: true, website: '', language },
    headers: { 'x-forwarded-for': `203.0.113.${ipCounter % 250}` },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const message = sink.messages.findLast((m) => m.envelope.to.includes(email));
  if (!message) throw new Error(`no mail to ${email}`);
  return message;
}

function linkIn(message: ParsedMessage, pattern: RegExp): string {
  const match = (message.parsed.text ?? '').match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in:\n${message.parsed.text}`);
  return match[0];
}
const confirmLink = (message: ParsedMessage) =>
  linkIn(message, /https:\/\/mirror\.test\/gdpr-confirmation\?[^\s\]]+/);
const unsubscribeLink = (message: ParsedMessage) =>
  linkIn(message, /https:\/\/mirror\.test\/byebye\?[^\s\]]+/);

const escapeHtml = (value: string) => value.replaceAll('&', '&amp;');

// ---- drafts ----

describe('newsletter drafts', () => {
  it('creates, reads and updates a draft holding both languages', async () => {
    const created = await saved(newsletter('Spring', 'spring'));
    expect(created).toMatchObject({
      kind: 'newsletter',
      name: 'Spring',
      content: { en: newsletterContent('spring en'), de: newsletterContent('spring de') },
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
      updatedBy: staff.email,
    });
    expect(
      await expectJson<TNewsletterDraft>(await call('GET', `/api/admin/newsletters/${created.id}`)),
    ).toEqual(created);

    const createdAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const changed = {
      kind: 'newsletter' as const,
      name: 'Spring, revised',
      content: {
        en: newsletterContent('summer en', { ctaLink: '' }),
        de: newsletterContent('summer de', { ctaText: '' }),
      },
    };
    const updated = await expectJson<TNewsletterDraft>(
      await call('PUT', `/api/admin/newsletters/${created.id}`, { ...changed, baseVersion: 1 }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      ...changed,
      version: 2,
      createdAt,
      updatedAt: t.clock.now().toISOString(),
    });
    const read = await expectJson<TNewsletterDraft>(
      await call('GET', `/api/admin/newsletters/${created.id}`),
    );
    expect(read.content.en.introText).toBe('Intro summer en');
    expect(read.content.de.introText).toBe('Intro summer de');

    // A blank name stays blank; the composer shows a placeholder.
    expect((await saved({ ...newsletter('x'), name: '   ' })).name).toBe('');
  });

  it('keeps the kinds apart and answers 404 for drafts that are not there', async () => {
    const placeholderVersion = newsletterContent('g', { ctaLink: CONFIRMATION_LINK_PLACEHOLDER });
    const consent = await saved(gdpr('Consent', placeholderVersion, placeholderVersion));
    expect(consent.kind).toBe('gdpr');
    expect(await list('newsletter')).toEqual([]);
    expect((await list('gdpr')).map((draft) => draft.id)).toEqual([consent.id]);

    // A draft keeps its kind.
    const asNewsletter = await call('PUT', `/api/admin/newsletters/${consent.id}`, {
      ...newsletter('x'),
      baseVersion: 1,
    });
    expect(asNewsletter.status).toBe(404);
    expect(await errorCodeOf(asNewsletter)).toBe('not_found');

    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, body] of [
      ['GET'],
      ['PUT', { ...newsletter('x'), baseVersion: 1 }],
      ['DELETE'],
    ] as const) {
      const response = await call(method, `/api/admin/newsletters/${missing}`, body);
      expect(response.status, method).toBe(404);
      expect(await errorCodeOf(response)).toBe('not_found');
    }
    expect((await call('GET', '/api/admin/newsletters/not-a-uuid')).status).toBe(400);
    expect((await call('GET', '/api/admin/newsletters')).status).toBe(400);
    expect((await call('GET', '/api/admin/newsletters?kind=other')).status).toBe(400);
  });

  it('lists a kind with the latest change first', async () => {
    const first = await saved(newsletter('First'));
    t.clock.advance(1000);
    const second = await saved(newsletter('Second'));
    t.clock.advance(1000);
    const third = await saved(newsletter('Third'));
    expect((await list('newsletter')).map((draft) => draft.name)).toEqual(['Third', 'Second', 'First']);

    t.clock.advance(1000);
    await expectJson(
      await call('PUT', `/api/admin/newsletters/${first.id}`, {
        ...newsletter('First again'),
        baseVersion: 1,
      }),
    );
    expect((await list('newsletter')).map((draft) => draft.id)).toEqual([first.id, third.id, second.id]);
  });

  it('deletes one draft, and all drafts of one kind without touching the other', async () => {
    const one = await saved(newsletter('One'));
    await saved(newsletter('Two'));
    await saved(newsletter('Three'));
    const version = newsletterContent('g', { ctaLink: CONFIRMATION_LINK_PLACEHOLDER });
    const consent = await saved(gdpr('Consent', version, version));

    expect((await call('DELETE', `/api/admin/newsletters/${one.id}`)).status).toBe(204);
    expect((await call('GET', `/api/admin/newsletters/${one.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/newsletters/${one.id}`)).status).toBe(404);
    expect((await list('newsletter')).map((draft) => draft.name).sort()).toEqual(['Three', 'Two']);

    expect(await expectJson(await call('DELETE', '/api/admin/newsletters?kind=newsletter'))).toEqual({
      deleted: 2,
    });
    expect(await list('newsletter')).toEqual([]);
    expect((await list('gdpr')).map((draft) => draft.id)).toEqual([consent.id]);
    expect(await expectJson(await call('DELETE', '/api/admin/newsletters?kind=newsletter'))).toEqual({
      deleted: 0,
    });
  });

  it('refuses a call-to-action link the kind does not allow, and stores nothing', async () => {
    const bad = [
      { kind: 'newsletter', link: 'javascript:alert(1)', language: 'en' },
      { kind: 'newsletter', link: 'javascript:alert(1)', language: 'de' },
      { kind: 'newsletter', link: 'mirror.test/read', language: 'en' },
      { kind: 'gdpr', link: 'https://example.com/confirm', language: 'en' },
      { kind: 'gdpr', link: '{{other}}', language: 'de' },
    ] as const;
    for (const { kind, link, language } of bad) {
      const draft = {
        kind,
        name: 'Bad',
        content: { en: newsletterContent('en'), de: newsletterContent('de') },
      };
      draft.content.en.ctaLink = kind === 'gdpr' ? CONFIRMATION_LINK_PLACEHOLDER : 'https://example.com/';
      draft.content.de.ctaLink = draft.content.en.ctaLink;
      draft.content[language].ctaLink = link;
      const response = await call('POST', '/api/admin/newsletters', draft);
      expect(response.status, `${kind} ${link}`).toBe(400);
      expect(await errorCodeOf(response)).toBe('invalid_cta_link');
      const previewed = await call('POST', '/api/admin/newsletters/preview', {
        kind,
        language,
        content: draft.content[language],
      });
      expect(previewed.status, `preview ${kind} ${link}`).toBe(400);
      expect(await errorCodeOf(previewed)).toBe('invalid_cta_link');
    }
    expect(await list('newsletter')).toEqual([]);
    expect(await list('gdpr')).toEqual([]);

    // An update is checked the same way and leaves the draft as it was.
    const good = await saved(newsletter('Good'));
    const update = newsletter('Good');
    update.content.de.ctaLink = 'javascript:alert(1)';
    expect(
      (await call('PUT', `/api/admin/newsletters/${good.id}`, { ...update, baseVersion: 1 })).status,
    ).toBe(400);
    expect((await list('newsletter'))[0]?.content).toEqual(good.content);

    // Blank links are fine in drafts; the GDPR e-mail takes exactly the placeholder.
    await saved({ kind: 'newsletter', name: 'Blank', content: { en: blank, de: blank } });
    await saved(
      gdpr('Placeholder', newsletterContent('en', { ctaLink: CONFIRMATION_LINK_PLACEHOLDER }), blank),
    );
  });

  it('writes an audit record for each change', async () => {
    const draft = await saved(newsletter('Audited'));
    await expectJson(
      await call('PUT', `/api/admin/newsletters/${draft.id}`, {
        ...newsletter('Audited again'),
        baseVersion: 1,
      }),
    );
    expect((await call('DELETE', `/api/admin/newsletters/${draft.id}`)).status).toBe(204);
    await saved(newsletter('Another'));
    await expectJson(await call('DELETE', '/api/admin/newsletters?kind=newsletter'));
    await expectJson(await uploadGif('gdpr', 'de', gif({ width: 180, height: 120 })));
    await expectJson(await call('DELETE', '/api/admin/newsletters/gifs/gdpr/de'));

    const records = (await latestAudit(t.database.db)).filter((row) => row.action.startsWith('newsletter.'));
    const summary = records.map((row) => ({ action: row.action, target: row.target, details: row.details }));
    expect(summary).toEqual(
      expect.arrayContaining([
        {
          action: 'newsletter.save',
          target: `newsletter:${draft.id}`,
          details: { kind: 'newsletter', name: 'Audited', created: true, version: 1, previousVersion: null },
        },
        {
          action: 'newsletter.save',
          target: `newsletter:${draft.id}`,
          details: {
            kind: 'newsletter',
            name: 'Audited again',
            created: false,
            version: 2,
            previousVersion: 1,
          },
        },
        {
          action: 'newsletter.delete',
          target: `newsletter:${draft.id}`,
          details: { kind: 'newsletter', name: 'Audited again' },
        },
        {
          action: 'newsletter.delete_all',
          target: 'newsletters:newsletter',
          details: { kind: 'newsletter', count: 1 },
        },
        {
          action: 'newsletter.gif.upload',
          target: expect.stringMatching(/^gifs:gdpr-gif\/de-\d+-[a-z0-9]{8}\.gif$/),
          details: {
            kind: 'gdpr',
            language: 'de',
            size: gif().length,
            width: 180,
            height: 120,
            replaced: null,
          },
        },
        {
          action: 'newsletter.gif.remove',
          target: expect.stringMatching(/^gifs:gdpr-gif\/de-\d+-[a-z0-9]{8}\.gif$/),
          details: { kind: 'gdpr', language: 'de' },
        },
      ]),
    );
    expect(records).toHaveLength(7);
    expect(new Set(records.map((row) => row.staffEmail))).toEqual(new Set([staff.email]));
  });

  it('answers 401 without a staff session and with a user’s session, and changes nothing', async () => {
    const draft = await saved(newsletter('Kept'));
    const user = await createSignedInUser(t);
    const origin = new URL(t.config.appUrl).origin;
    const requests: [string, string, unknown][] = [
      ['GET', '/api/admin/newsletters?kind=newsletter', undefined],
      ['GET', '/api/admin/newsletters/defaults?kind=newsletter', undefined],
      ['GET', `/api/admin/newsletters/${draft.id}`, undefined],
      ['POST', '/api/admin/newsletters', newsletter('Intruder')],
      ['PUT', `/api/admin/newsletters/${draft.id}`, { ...newsletter('Intruder'), baseVersion: 1 }],
      ['GET', `/api/admin/newsletters/${draft.id}/versions`, undefined],
      ['POST', `/api/admin/newsletters/${draft.id}/versions/1/restore`, { baseVersion: 1 }],
      ['DELETE', `/api/admin/newsletters/${draft.id}`, undefined],
      ['DELETE', '/api/admin/newsletters?kind=newsletter', undefined],
      [
        'POST',
        '/api/admin/newsletters/preview',
        { kind: 'newsletter', language: 'en', content: newsletterContent('x') },
      ],
      ['GET', '/api/admin/newsletters/gifs', undefined],
      ['DELETE', '/api/admin/newsletters/gifs/newsletter/en', undefined],
    ];
    for (const cookie of [undefined, user.cookie]) {
      const headers: Record<string, string> = { 'content-type': 'application/json', origin };
      if (cookie) headers.cookie = cookie;
      for (const [method, pathname, body] of requests) {
        const response = await t.app.request(pathname, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(response.status, `${method} ${pathname}`).toBe(401);
        expect(await errorCodeOf(response)).toBe('admin_session_missing');
      }
      const upload = await t.app.request('/api/admin/newsletters/gifs/newsletter/en', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'image/gif' },
        body: new Uint8Array(gif()),
      });
      expect(upload.status).toBe(401);
    }
    expect((await list('newsletter')).map((row) => row.name)).toEqual(['Kept']);
    expect(filesOnDisk()).toEqual([]);
  });
});

// ---- versions (decision 047) ----

describe('draft versions', () => {
  const update = (id: string, draft: TSaveNewsletterDraft, baseVersion: number) =>
    call('PUT', `/api/admin/newsletters/${id}`, { ...draft, baseVersion });
  const versions = async (id: string) =>
    (await expectJson<TNewsletterVersionList>(await call('GET', `/api/admin/newsletters/${id}/versions`)))
      .versions;

  it('keeps every earlier version when a loaded draft is renamed and saved, and lists them', async () => {
    const spring = await saved(newsletter('Spring', 'spring'));
    expect(spring.version).toBe(1);
    t.clock.advance(60_000);
    const renamed = await expectJson<TNewsletterDraft>(
      await update(spring.id, newsletter('Summer', 'summer'), 1),
    );
    expect(renamed).toMatchObject({ id: spring.id, name: 'Summer', version: 2 });

    const history = await versions(spring.id);
    expect(history).toEqual([
      {
        version: 2,
        current: true,
        name: 'Summer',
        subjects: { en: 'Subject summer en', de: 'Subject summer de' },
        savedAt: t.clock.now().toISOString(),
        savedBy: staff.email,
      },
      {
        version: 1,
        current: false,
        name: 'Spring',
        subjects: { en: 'Subject spring en', de: 'Subject spring de' },
        savedAt: spring.updatedAt,
        savedBy: staff.email,
      },
    ]);
    expect(await list('newsletter')).toHaveLength(1);
  });

  it('makes no new version for unchanged texts, but counts the save (for gdpr: the e-mail in use)', async () => {
    const draft = await saved(newsletter('Same'));
    t.clock.advance(1000);
    const again = await expectJson<TNewsletterDraft>(await update(draft.id, newsletter('Same'), 1));
    expect(again).toMatchObject({ version: 1, updatedAt: t.clock.now().toISOString() });
    expect(await versions(draft.id)).toHaveLength(1);
  });

  it('saves as new without touching the loaded draft', async () => {
    const spring = await saved(newsletter('Spring', 'spring'));
    const copy = await saved(newsletter('Spring copy', 'copy'));
    expect(copy.id).not.toBe(spring.id);
    expect(copy.version).toBe(1);
    expect(
      await expectJson<TNewsletterDraft>(await call('GET', `/api/admin/newsletters/${spring.id}`)),
    ).toEqual(spring);
  });

  it('refuses a save edited from an older version with 409, writing nothing', async () => {
    const draft = await saved(newsletter('Shared', 'base'));
    // Two staff load version 1; the first saves.
    await expectJson(await update(draft.id, newsletter('Shared', 'alice'), 1));
    const late = await update(draft.id, newsletter('Shared', 'bob'), 1);
    expect(late.status).toBe(409);
    expect(await errorCodeOf(late)).toBe('draft_version_conflict');
    const now = await expectJson<TNewsletterDraft>(await call('GET', `/api/admin/newsletters/${draft.id}`));
    expect([now.version, now.content.en.introText]).toEqual([2, 'Intro alice en']);
    expect((await versions(draft.id)).map((row) => row.version)).toEqual([2, 1]);
    // Bob keeps his text by saving it as a new draft.
    const bobs = await saved(newsletter('Shared', 'bob'));
    expect(bobs.content.en.introText).toBe('Intro bob en');
  });

  it('lets exactly one of two simultaneous saves of the same version through', async () => {
    const draft = await saved(newsletter('Race', 'base'));
    const answers = await Promise.all([
      update(draft.id, newsletter('Race', 'one'), 1),
      update(draft.id, newsletter('Race', 'two'), 1),
    ]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await versions(draft.id)).map((row) => row.version)).toEqual([2, 1]);
  });

  it('restores an earlier version as the next one, keeping the current one', async () => {
    const draft = await saved(newsletter('Letter', 'first'));
    await expectJson(await update(draft.id, newsletter('Letter', 'second'), 1));
    const restored = await expectJson<TNewsletterDraft>(
      await call('POST', `/api/admin/newsletters/${draft.id}/versions/1/restore`, { baseVersion: 2 }),
    );
    expect(restored).toMatchObject({ version: 3, content: { en: newsletterContent('first en') } });
    expect((await versions(draft.id)).map((row) => [row.version, row.subjects.en])).toEqual([
      [3, 'Subject first en'],
      [2, 'Subject second en'],
      [1, 'Subject first en'],
    ]);
    const stale = await call('POST', `/api/admin/newsletters/${draft.id}/versions/2/restore`, {
      baseVersion: 2,
    });
    expect([stale.status, await errorCodeOf(stale)]).toEqual([409, 'draft_version_conflict']);
    for (const version of [3, 9]) {
      const missing = await call('POST', `/api/admin/newsletters/${draft.id}/versions/${version}/restore`, {
        baseVersion: 3,
      });
      expect([missing.status, await errorCodeOf(missing)]).toEqual([404, 'not_found']);
    }
    const records = (await latestAudit(t.database.db)).filter((row) => row.action === 'newsletter.restore');
    expect(records.map((row) => row.details)).toEqual([
      { kind: 'newsletter', name: 'Letter', restored: 1, version: 3 },
    ]);
  });

  it(`keeps the newest ${KEPT_EARLIER_VERSIONS} earlier versions, and lets older ones go`, async () => {
    const draft = await saved(newsletter('Long'));
    const saves = KEPT_EARLIER_VERSIONS + 2;
    for (let version = 1; version <= saves; version += 1) {
      await expectJson(await update(draft.id, newsletter('Long', `text ${version + 1}`), version));
    }
    const numbers = (await versions(draft.id)).map((entry) => entry.version);
    expect(numbers).toHaveLength(KEPT_EARLIER_VERSIONS + 1);
    expect(numbers[0]).toBe(saves + 1);
    expect(numbers.at(-1)).toBe(saves + 1 - KEPT_EARLIER_VERSIONS);
    const gone = await call('POST', `/api/admin/newsletters/${draft.id}/versions/2/restore`, {
      baseVersion: saves + 1,
    });
    expect([gone.status, await errorCodeOf(gone)]).toEqual([404, 'not_found']);
  });

  it('needs the version a save was edited from, and deletes the versions with their draft', async () => {
    const draft = await saved(newsletter('Needs'));
    const without = await call('PUT', `/api/admin/newsletters/${draft.id}`, newsletter('Needs'));
    expect([without.status, await errorCodeOf(without)]).toEqual([400, 'validation']);
    await expectJson(await update(draft.id, newsletter('Needs', 'more'), 1));
    expect((await call('DELETE', `/api/admin/newsletters/${draft.id}`)).status).toBe(204);
    expect((await call('GET', `/api/admin/newsletters/${draft.id}/versions`)).status).toBe(404);
  });
});

// ---- defaults ----

describe('defaults', () => {
  it('has newsletter texts in English and German that differ, with a working button', async () => {
    const defaults = await expectJson<TNewsletterDefaults>(
      await call('GET', '/api/admin/newsletters/defaults?kind=newsletter'),
    );
    expect(defaults.kind).toBe('newsletter');
    for (const field of NEWSLETTER_FIELDS) {
      if (field === 'gifAltText' || field === 'ctaLink') continue;
      expect(defaults.content.en[field], field).not.toBe('');
      expect(defaults.content.de[field], field).not.toBe(defaults.content.en[field]);
    }
    expect(defaults.content.en.ctaLink).toBe(`${APP_URL}/`);
    // The defaults save as they are.
    await saved({ kind: 'newsletter', name: 'Defaults', content: defaults.content });
  });

  it('has the GDPR texts of today’s confirmation e-mail, with the placeholder link', async () => {
    const defaults = await expectJson<TNewsletterDefaults>(
      await call('GET', '/api/admin/newsletters/defaults?kind=gdpr'),
    );
    for (const locale of ['en', 'de'] as const) {
      const copy = waitlistConfirmationCopy[locale];
      expect(defaults.content[locale]).toEqual({
        subjectLine: copy.subject,
        heroTitle: copy.heading,
        introText: copy.intro,
        secondTextBlock: copy.ignoreNotice,
        ctaText: copy.buttonLabel,
        ctaLink: CONFIRMATION_LINK_PLACEHOLDER,
        footerText: copy.footerNote,
        gifAltText: '',
      });
    }
  });
});

// ---- preview ----

describe('preview', () => {
  it('renders the texts as text: escaped, one paragraph per line, button and GIF when set', async () => {
    await expectJson(await uploadGif('newsletter', 'en', gif({ width: 180, height: 120 })));
    const version = newsletterContent('p', {
      introText: 'First line <script>alert(1)</script>\nSecond line\n\n  ',
      gifAltText: 'A wave "hello"',
    });
    const rendered = await preview('newsletter', 'en', version);
    expect(rendered.subject).toBe('Subject p');
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('First line &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(rendered.html).toMatch(/>Second line<\/p>/);
    expect(rendered.html).toMatch(
      /<img[^>]+alt="A wave &quot;hello&quot;"[^>]+src="https:\/\/mirror\.test\/media\/gifs\/newsletter-gif\/en-[^"]+\.gif"[^>]+width="180"/,
    );
    expect(rendered.html).toContain('href="https://example.com/read"');
    expect(rendered.html).toContain('Button p');
    expect(rendered.html).toContain('href="https://mirror.test/byebye?token=preview&amp;lang=en"');
    expect(rendered.html).toContain('Footer p');
    expect(rendered.text).toContain('Second p');

    // No button without its text; no image without a GIF (the GDPR e-mail has none).
    const plain = await preview('newsletter', 'en', { ...version, ctaText: '' });
    expect(plain.html).not.toContain('https://example.com/read');
    const noGif = await preview(
      'gdpr',
      'de',
      newsletterContent('g', { ctaLink: CONFIRMATION_LINK_PLACEHOLDER }),
    );
    expect(noGif.html).not.toContain('<img');
    expect(noGif.html).toContain('lang="de"');
    expect(noGif.html).toContain('Von der Liste austragen');
    expect(noGif.html).toContain(
      'href="https://mirror.test/gdpr-confirmation?email=preview%40example.com&amp;token=preview&amp;lang=de"',
    );
  });

  it('equals the newsletter as a campaign renders it for a recipient', async () => {
    await expectJson(await uploadGif('newsletter', 'de', gif({ width: 240, height: 100 })));
    const gifs = await expectJson<TNewsletterGifs>(await call('GET', '/api/admin/newsletters/gifs'));
    const version = newsletterContent('campaign');
    const shown = await preview('newsletter', 'de', version);
    const unsubscribeUrl = `${APP_URL}/byebye?token=recipient-token&lang=de`;
    const sent = await renderNewsletter(
      {
        kind: 'newsletter',
        locale: 'de',
        content: version,
        gif: { url: `${APP_URL}${gifs.newsletter.de?.url}`, width: 240, height: 100 },
        appUrl: APP_URL,
      },
      { unsubscribeUrl },
    );
    const sample = `${APP_URL}/byebye?token=preview&lang=de`;
    expect(sent.subject).toBe(shown.subject);
    expect(sent.html).toBe(shown.html.replaceAll(escapeHtml(sample), escapeHtml(unsubscribeUrl)));
    expect(sent.text).toBe(shown.text.replaceAll(sample, unsubscribeUrl));
    expect(sent.html).not.toBe(shown.html);
  });

  it('equals the GDPR e-mail the waiting list sends, but for the recipient’s own links', async () => {
    await expectJson(await uploadGif('gdpr', 'en', gif()));
    await expectJson(await uploadGif('gdpr', 'de', gif()));
    const en = newsletterContent('consent', { ctaLink: CONFIRMATION_LINK_PLACEHOLDER, secondTextBlock: '' });
    await saved(gdpr('Consent', en, blank));
    for (const language of ['en', 'de'] as const) {
      const shown = await preview('gdpr', language, language === 'en' ? en : blank);
      const message = await joinedMail(`preview-${language}@example.com`, language);
      const confirm = confirmLink(message);
      const unsubscribe = unsubscribeLink(message);
      const sampleConfirm = `${APP_URL}/gdpr-confirmation?email=preview%40example.com&token=preview&lang=${language}`;
      const sampleUnsubscribe = `${APP_URL}/byebye?token=preview&lang=${language}`;
      const expected = shown.html
        .replaceAll(escapeHtml(sampleConfirm), escapeHtml(confirm))
        .replaceAll(escapeHtml(sampleUnsubscribe), escapeHtml(unsubscribe));
      expect(message.parsed.subject).toBe(shown.subject);
      expect(message.parsed.html).toBe(expected);
      expect(message.parsed.html).toContain(`/media/gifs/gdpr-gif/${language}-`);
    }
  });
});

// ---- GIFs ----

const gifsNow = async () => expectJson<TNewsletterGifs>(await call('GET', '/api/admin/newsletters/gifs'));
const imagesIn = (html: string) => html.match(/<img[^>]*>/g) ?? [];

describe('GIFs per e-mail and language', () => {
  it('stores a real GIF with its natural size, for that e-mail and language only, and serves it', async () => {
    expect(await gifsNow()).toEqual({ newsletter: { en: null, de: null }, gdpr: { en: null, de: null } });
    const gifs = await expectJson<TNewsletterGifs>(
      await uploadGif('newsletter', 'en', gif({ width: 180, height: 120 }), {
        contentType: 'application/octet-stream',
      }),
    );
    expect(gifs).toEqual({
      newsletter: {
        en: {
          name: expect.stringMatching(/^newsletter-gif\/en-\d+-[a-z0-9]{8}\.gif$/),
          url: `/media/gifs/${gifs.newsletter.en?.name}`,
          size: gif().length,
          width: 180,
          height: 120,
          uploadedAt: t.clock.now().toISOString(),
          uploadedBy: staff.email,
        },
        de: null,
      },
      gdpr: { en: null, de: null },
    });
    expect(await gifsNow()).toEqual(gifs);

    const served = await t.app.request(gifs.newsletter.en?.url ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(gif({ width: 180, height: 120 }));
  });

  it('shows each GIF only in its own e-mail and language, the confirmation e-mail included', async () => {
    const newsletterEn = (await expectJson<TNewsletterGifs>(await uploadGif('newsletter', 'en', gif())))
      .newsletter.en;
    // Nothing went live anywhere else.
    expect(imagesIn((await preview('newsletter', 'de', newsletterContent('de'))).html)).toEqual([]);
    expect(imagesIn((await preview('gdpr', 'en', newsletterContent('g', { ctaLink: '' }))).html)).toEqual([]);
    const first = await joinedMail('first-en@example.com', 'en');
    expect(imagesIn(first.parsed.html || '')).toEqual([]);
    expect(first.parsed.subject).toBe(waitlistConfirmationCopy.en.subject);

    // A German confirmation GIF: German confirmation e-mails show it (from the built-in texts), nothing else.
    const gdprDe = (
      await expectJson<TNewsletterGifs>(await uploadGif('gdpr', 'de', gif({ width: 90, height: 60 })))
    ).gdpr.de;
    const german = await joinedMail('second-de@example.com', 'de');
    expect(german.parsed.subject).toBe(waitlistConfirmationCopy.de.subject);
    expect(imagesIn(german.parsed.html || '')).toEqual([
      expect.stringContaining(`src="${APP_URL}/media/gifs/${gdprDe?.name}"`),
    ]);
    expect(german.parsed.html).not.toContain(`${newsletterEn?.name}`);
    const english = await joinedMail('second-en@example.com', 'en');
    expect(imagesIn(english.parsed.html || '')).toEqual([]);
    expect(imagesIn((await preview('newsletter', 'en', newsletterContent('en'))).html)).toEqual([
      expect.stringContaining(`${newsletterEn?.name}`),
    ]);
    expect(imagesIn((await preview('newsletter', 'de', newsletterContent('de'))).html)).toEqual([]);
  });

  it('shows a GIF at its natural size up to 600 px wide, scaled down in proportion beyond', async () => {
    await expectJson(await uploadGif('newsletter', 'en', gif({ width: 180, height: 120 })));
    const [small] = imagesIn((await preview('newsletter', 'en', newsletterContent('small'))).html);
    expect(small).toContain('width="180"');
    expect(small).toContain('height="120"');
    expect(small).toContain('max-width:180px');
    expect(small).not.toContain('600');

    await expectJson(await uploadGif('newsletter', 'en', gif({ width: 1200, height: 675 })));
    const [wide] = imagesIn((await preview('newsletter', 'en', newsletterContent('wide'))).html);
    expect(wide).toContain('width="600"');
    expect(wide).toContain('height="338"');
    expect(wide).toContain('max-width:600px');
  });

  it('replaces a GIF, keeping the file it replaced for the e-mails already sent with it', async () => {
    const first = (await expectJson<TNewsletterGifs>(await uploadGif('newsletter', 'en', gif()))).newsletter
      .en;
    await expectJson(await uploadGif('newsletter', 'de', gif()));
    t.clock.advance(1000);
    const second = (
      await expectJson<TNewsletterGifs>(await uploadGif('newsletter', 'en', gif({ width: 3, height: 2 })))
    ).newsletter.en;
    expect(second?.name).not.toBe(first?.name);
    expect(second).toMatchObject({ width: 3, height: 2 });
    const names = (await t.storage.list('gifs')).map((object) => object.name);
    expect(names).toHaveLength(3);
    expect(names).toEqual(expect.arrayContaining([first?.name, second?.name]));
    expect((await t.app.request(first?.url ?? '')).status).toBe(200);

    const rendered = await preview('newsletter', 'en', newsletterContent('latest'));
    expect(rendered.html).toContain(`${APP_URL}/media/gifs/${second?.name}`);
  });

  it('removes a GIF: the e-mail has none any more, and e-mails sent with it still show it', async () => {
    const removed = (await expectJson<TNewsletterGifs>(await uploadGif('gdpr', 'en', gif()))).gdpr.en;
    const kept = (await expectJson<TNewsletterGifs>(await uploadGif('gdpr', 'de', gif()))).gdpr.de;
    const [sentWith] = imagesIn((await joinedMail('with@example.com', 'en')).parsed.html || '');
    expect(sentWith).toContain(`${APP_URL}${removed?.url}`);

    const after = await expectJson<TNewsletterGifs>(
      await call('DELETE', '/api/admin/newsletters/gifs/gdpr/en'),
    );
    expect(after.gdpr).toEqual({ en: null, de: kept });
    expect((await t.app.request(removed?.url ?? '')).status).toBe(200);
    const english = await joinedMail('without@example.com', 'en');
    expect(imagesIn(english.parsed.html || '')).toEqual([]);
    expect(english.parsed.subject).toBe(waitlistConfirmationCopy.en.subject);
    expect(imagesIn((await joinedMail('still@example.com', 'de')).parsed.html || '')).toHaveLength(1);

    const again = await call('DELETE', '/api/admin/newsletters/gifs/gdpr/en');
    expect(again.status).toBe(404);
    expect(await errorCodeOf(again)).toBe('not_found');
  });

  it('refuses what is not a whole GIF with a 400, storing and changing nothing', async () => {
    const kept = (await expectJson<TNewsletterGifs>(await uploadGif('newsletter', 'en', gif()))).newsletter
      .en;
    const before = filesOnDisk();

    const notGif = await uploadGif('newsletter', 'en', png(), { contentType: 'image/gif' });
    expect(notGif.status).toBe(400);
    expect(await errorCodeOf(notGif)).toBe('invalid_gif');

    const whole = gif({ width: 50, height: 50 });
    const cut = await uploadGif('newsletter', 'en', whole.subarray(0, whole.length - 4));
    expect(cut.status).toBe(400);
    expect(await errorCodeOf(cut)).toBe('gif_damaged');
    const headerOnly = await uploadGif('newsletter', 'de', whole.subarray(0, 13));
    expect(await errorCodeOf(headerOnly)).toBe('gif_damaged');

    expect(filesOnDisk()).toEqual(before);
    expect((await gifsNow()).newsletter).toEqual({ en: kept, de: null });
    expect((await uploadGif('other', 'en', gif())).status).toBe(400);
    expect((await uploadGif('newsletter', 'fr', gif())).status).toBe(400);
    expect((await call('DELETE', '/api/admin/newsletters/gifs/newsletter/fr')).status).toBe(400);
  });

  it('refuses more than 4 MB while streaming it, and by its declared length, storing nothing', async () => {
    const streamed = await uploadGif('gdpr', 'en', gifChunks(GIF_MAX_BYTES + 1));
    expect(streamed.status).toBe(413);
    expect(await errorCodeOf(streamed)).toBe('gif_too_large');
    expect(await t.storage.list('gifs')).toEqual([]);
    expect(filesOnDisk()).toEqual([]);

    const declared = await uploadGif('gdpr', 'en', gifChunks(GIF_MAX_BYTES + 1), {
      headers: { 'content-length': String(GIF_MAX_BYTES + 1) },
    });
    expect(declared.status).toBe(413);
    expect(filesOnDisk()).toEqual([]);

    const exact = await expectJson<TNewsletterGifs>(await uploadGif('gdpr', 'en', gifChunks(GIF_MAX_BYTES)));
    expect(exact.gdpr.en?.size).toBe(GIF_MAX_BYTES);
  });
});

// ---- the GDPR template in use ----

describe('the GDPR e-mail the waiting list sends', () => {
  it('follows the latest saved GDPR draft in its language; blank fields keep the built-in text', async () => {
    const before = await joinedMail('before@example.com', 'en');
    expect(before.parsed.subject).toBe(waitlistConfirmationCopy.en.subject);

    const en = newsletterContent('custom', { ctaLink: CONFIRMATION_LINK_PLACEHOLDER, secondTextBlock: '' });
    await saved(gdpr('Older', newsletterContent('older', { ctaLink: CONFIRMATION_LINK_PLACEHOLDER }), blank));
    t.clock.advance(1000);
    await saved(gdpr('Custom', en, blank));

    const english = await joinedMail('custom@example.com', 'en');
    expect(english.parsed.subject).toBe('Subject custom');
    expect(english.parsed.text).toContain('Intro custom');
    expect(english.parsed.text).toContain(waitlistConfirmationCopy.en.ignoreNotice);
    expect(english.parsed.text).not.toContain('older');
    // The button leads to the recipient's own confirmation link, which works.
    const link = new URL(confirmLink(english));
    expect(link.searchParams.get('email')).toBe('custom@example.com');
    expect(english.parsed.html).toContain(`href="${escapeHtml(link.toString())}"`);
    const confirmed = await sendJson(t.app, {
      method: 'POST',
      path: '/api/waitlist/confirm',
      body: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    });
    expect(await confirmed.json()).toEqual({ status: 'confirmed' });

    // German was left blank: the built-in German texts.
    const german = await joinedMail('deutsch@example.com', 'de');
    expect(german.parsed.subject).toBe(waitlistConfirmationCopy.de.subject);
    expect(german.parsed.text).toContain(waitlistConfirmationCopy.de.intro);
    expect(german.parsed.text).not.toContain('custom');
  });

  it('is the built-in e-mail again once every GDPR draft is deleted', async () => {
    const version = newsletterContent('gone', { ctaLink: CONFIRMATION_LINK_PLACEHOLDER });
    await saved(gdpr('Gone', version, version));
    await saved(newsletter('Unrelated'));
    expect((await joinedMail('during@example.com', 'de')).parsed.subject).toBe('Subject gone');

    expect(await expectJson(await call('DELETE', '/api/admin/newsletters?kind=gdpr'))).toEqual({
      deleted: 1,
    });
    const message = await joinedMail('after@example.com', 'de');
    const builtIn = await renderWaitlistConfirmation({
      locale: 'de',
      confirmUrl: confirmLink(message),
      unsubscribeUrl: unsubscribeLink(message),
      appUrl: APP_URL,
    });
    expect(message.parsed.subject).toBe(builtIn.subject);
    expect(message.parsed.html).toBe(builtIn.html);
  });
});
