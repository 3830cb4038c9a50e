import { randomUUID } from 'node:crypto';
import type {
  TResendConfirmationsResult,
  TSelectionIds,
  TSubscriberDetail,
  TWaitlistImportResult,
  TWaitlistPage,
  TWaitlistSelection,
} from '@shared/schemas/waitlist-list';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin';
import { invitations } from '../../db/schema/invitations';
import { emailSettings, mailOutbox, mailSuppressions } from '../../db/schema/mail';
import { waitingList } from '../../db/schema/waitlist';
import { createSignedInStaff, type SignedInStaff, staffHeaders } from '../../test/staff';
import { createTestApp, errorCodeOf, sendJson, type TestContext } from '../../test/test-app';
import { drainDueMail } from '../mail/service';
import {
  EXPORT_BATCH,
  EXPORT_COLUMNS,
  WAITLIST_CONFIRMATION_RATE_PER_SECOND,
} from '../waitlist/list-service';

const APP_URL = 'https://mirror.test';
let t: TestContext;
let staff: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL } });
  staff = await createSignedInStaff(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.update(emailSettings).set({ autoSend: true, globalBcc: null });
  await t.database.db.delete(invitations);
  await t.database.db.delete(mailOutbox);
  await t.database.db.delete(waitingList);
});

type Seed = {
  email: string;
  minutesAgo: number;
  language?: 'en' | 'de';
  status?: 'unconfirmed' | 'confirmed' | 'unsubscribed';
};

const ago = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000);

/** Puts entries on the list as joining would have (one statement), returning their ids in order. */
async function seed(rows: readonly Seed[]): Promise<string[]> {
  const inserted = await t.database.db
    .insert(waitingList)
    .values(
      rows.map((row) => {
        const at = ago(row.minutesAgo);
        const status = row.status ?? 'unconfirmed';
        return {
          email: row.email,
          language: row.language ?? 'en',
          status,
          createdAt: at,
          updatedAt: at,
          consentAt: at,
          consentTextVersion: '2026-11-22',
          confirmedAt: status === 'confirmed' ? at : null,
          unsubscribedAt: status === 'unsubscribed' ? at : null,
        };
      }),
    )
    .returning({ id: waitingList.id, email: waitingList.email });
  const byEmail = new Map(inserted.map((row) => [row.email, row.id]));
  return rows.map((row) => byEmail.get(row.email) as string);
}

/** `count` entries person-0..person-(count-1), one a minute, the last the newest. */
function people(count: number, extra: (index: number) => Partial<Seed> = () => ({})): Seed[] {
  return Array.from({ length: count }, (_, index) => ({
    email: `person-${String(index).padStart(4, '0')}@example.com`,
    minutesAgo: count - index,
    ...extra(index),
  }));
}

const get = (path: string) => t.app.request(path, { headers: staffHeaders(t, { cookie: staff.cookie }) });
const send = (method: 'POST' | 'DELETE', path: string, body: unknown) =>
  sendJson(t.app, { method, path, body, headers: staffHeaders(t, { cookie: staff.cookie }) });

async function page(query: string): Promise<TWaitlistPage> {
  const response = await get(`/api/admin/waitlist${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TWaitlistPage;
}

async function exported(selection: TWaitlistSelection, format: 'csv' | 'lines') {
  const response = await send('POST', '/api/admin/waitlist/export', { selection, format });
  expect(response.status).toBe(200);
  return response;
}

describe('GET /api/admin/waitlist (paged)', () => {
  it('answers pages of 50, newest first, with how many match and how many there are', async () => {
    await seed(people(120));
    const first = await page('');
    expect(first).toMatchObject({ total: 120, listTotal: 120, page: 1, pageSize: 50 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]?.email).toBe('person-0119@example.com');
    const third = await page('?page=3');
    expect(third.entries.map((entry) => entry.email)).toEqual(
      people(20).map((_, index) => `person-${String(19 - index).padStart(4, '0')}@example.com`),
    );
    expect((await page('?page=9')).entries).toEqual([]);
    const oldest = await page('?sort=joined&dir=asc');
    expect(oldest.entries[0]?.email).toBe('person-0000@example.com');
  });

  it('pages through every sort in order, the back pages (read from the end) as the front ones, filtered or not', async () => {
    const statuses = ['unconfirmed', 'confirmed', 'unsubscribed'] as const;
    await seed(people(230, (index) => ({ status: statuses[index % 3], minutesAgo: 1000 - (index % 7) })));
    // `invitation=none` matches everyone here, through the join with the invitations the filter needs.
    const sorts = ['', '?sort=email', '?sort=email&dir=desc', '?sort=status', '?sort=joined&dir=asc'];
    for (const sort of [...sorts, '?invitation=none', '?invitation=none&sort=email']) {
      const glue = sort ? '&' : '?';
      const pages = await Promise.all([1, 2, 3, 4, 5].map((n) => page(`${sort}${glue}page=${n}`)));
      const paged = pages.flatMap((one) => one.entries.map((entry) => entry.id));
      expect(
        pages.map((one) => one.entries.length),
        sort,
      ).toEqual([50, 50, 50, 50, 30]);
      expect(new Set(paged).size, sort).toBe(230);
      // The same order as one read of the whole list would give: each page continues the one before.
      const all = pages.flatMap((one) => one.entries);
      for (let index = 1; index < all.length; index += 1) {
        const [before, after] = [all[index - 1], all[index]];
        if (!before || !after) continue;
        if (sort.includes('sort=email')) {
          expect(before.email < after.email, sort).toBe(!sort.includes('desc'));
        } else if (sort === '?sort=status') {
          expect(before.status <= after.status, sort).toBe(true);
        } else {
          const ascending = sort.includes('asc');
          const [a, b] = [Date.parse(before.createdAt), Date.parse(after.createdAt)];
          expect(ascending ? a <= b : a >= b, sort).toBe(true);
        }
      }
    }
  });

  it('searches by a case-insensitive part of the address, with % and _ taken literally', async () => {
    await seed([
      { email: 'alice.smith@example.com', minutesAgo: 3 },
      { email: 'bob@alice-corp.de', minutesAgo: 2 },
      { email: 'carol@example.com', minutesAgo: 1 },
      { email: 'd_e@example.com', minutesAgo: 1 },
    ]);
    const found = await page('?q=ALICE');
    expect(found.entries.map((entry) => entry.email)).toEqual([
      'bob@alice-corp.de',
      'alice.smith@example.com',
    ]);
    expect(found).toMatchObject({ total: 2, listTotal: 4 });
    expect((await page('?q=%25')).total).toBe(0);
    expect((await page('?q=_')).entries.map((entry) => entry.email)).toEqual(['d_e@example.com']);
  });

  it('filters by status, language, invitation and joining dates, and sorts by address and status', async () => {
    const [, confirmedDe, , invited] = await seed([
      { email: 'a@example.com', minutesAgo: 60 * 24 * 3 },
      { email: 'b@example.com', minutesAgo: 60 * 24 * 2, status: 'confirmed', language: 'de' },
      { email: 'c@example.com', minutesAgo: 60, status: 'unsubscribed' },
      { email: 'd@example.com', minutesAgo: 30, status: 'confirmed' },
    ]);
    const now = t.clock.now();
    await t.database.db.insert(invitations).values({
      email: 'd@example.com',
      language: 'en',
      nonce: 'n',
      invitedAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
      sendAfter: now,
      createdAt: now,
      updatedAt: now,
    });
    expect((await page('?status=confirmed')).entries.map((entry) => entry.email)).toEqual([
      'd@example.com',
      'b@example.com',
    ]);
    expect((await page('?language=de')).entries.map((entry) => entry.id)).toEqual([confirmedDe]);
    expect((await page('?invitation=pending')).entries.map((entry) => entry.id)).toEqual([invited]);
    expect((await page('?invitation=none')).total).toBe(3);
    const from = ago(60 * 24 * 2 + 1).toISOString();
    const before = ago(45).toISOString();
    const between = await page(
      `?joinedFrom=${encodeURIComponent(from)}&joinedBefore=${encodeURIComponent(before)}`,
    );
    expect(between.entries.map((entry) => entry.email)).toEqual(['c@example.com', 'b@example.com']);
    expect((await page('?sort=email&dir=desc')).entries.map((entry) => entry.email)).toEqual([
      'd@example.com',
      'c@example.com',
      'b@example.com',
      'a@example.com',
    ]);
    expect((await page('?sort=status')).entries.map((entry) => entry.status)).toEqual([
      'confirmed',
      'confirmed',
      'unconfirmed',
      'unsubscribed',
    ]);
  });

  it('refuses a bad filter with a 400', async () => {
    for (const query of ['?status=gone', '?page=0', '?joinedFrom=yesterday', '?sort=name']) {
      const response = await get(`/api/admin/waitlist${query}`);
      expect(response.status).toBe(400);
      expect(await errorCodeOf(response)).toBe('validation');
    }
  });
});

describe('the selection', () => {
  it('deletes every match but the exceptions, and nothing that does not match', async () => {
    const ids = await seed(
      people(30, (index) => ({ status: index % 3 === 0 ? 'confirmed' : 'unconfirmed' })),
    );
    const confirmed = ids.filter((_, index) => index % 3 === 0);
    const kept = confirmed[0] as string;
    const response = await send('DELETE', '/api/admin/waitlist', {
      selection: { filter: { status: 'confirmed' }, except: [kept] },
    });
    expect(await response.json()).toEqual({ deleted: confirmed.length - 1 });
    const rest = await page('?status=confirmed');
    expect(rest.entries.map((entry) => entry.id)).toEqual([kept]);
    expect(rest.listTotal).toBe(30 - confirmed.length + 1);
    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'waitlist.delete'));
    expect(audit?.details).toMatchObject({
      count: confirmed.length - 1,
      selection: { filter: { status: 'confirmed' } },
    });
  });

  it('copies and exports exactly the selection: picked ids, or matches without the exceptions', async () => {
    const ids = await seed(people(10));
    const picked = { ids: [ids[2], ids[5], randomUUID()] as string[] };
    const lines = await (await exported(picked, 'lines')).text();
    expect(lines).toBe('person-0002@example.com\nperson-0005@example.com\n');
    const matches = { filter: { q: 'person-000' }, except: [ids[0] as string, ids[9] as string] };
    const copied = (await (await exported(matches, 'lines')).text()).trim().split('\n');
    expect(copied).toEqual(
      people(9)
        .slice(1)
        .map((row) => row.email),
    );
    const resolved = (await (
      await send('POST', '/api/admin/waitlist/selection/ids', { selection: matches })
    ).json()) as TSelectionIds;
    expect(resolved).toEqual({ ids: ids.slice(1, 9), total: 8 });
  });

  it('refuses a selection that names no ids, or both kinds', async () => {
    for (const selection of [{ ids: [] }, { ids: [randomUUID()], filter: {}, except: [] }, { filter: {} }]) {
      const response = await send('POST', '/api/admin/waitlist/export', { selection, format: 'csv' });
      expect(response.status).toBe(400);
    }
  });
});

describe('POST /api/admin/waitlist/export', () => {
  it('streams a CSV with status, language, dates, invitation and the proof of consent', async () => {
    const [confirmed] = await seed([
      { email: 'yes@example.com', minutesAgo: 10, status: 'confirmed', language: 'de' },
      { email: '=cmd@example.com', minutesAgo: 5, status: 'unsubscribed' },
    ]);
    const sentAt = ago(12);
    await t.database.db.insert(mailOutbox).values({
      messageKey: `k-${randomUUID()}`,
      kind: 'waitlist_confirmation',
      toAddress: 'yes@example.com',
      subject: 's',
      html: 'h',
      textBody: 't',
      status: 'sent',
      sentAt,
    });
    const response = await exported({ filter: {}, except: [] }, 'csv');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="waiting-list-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, first, second, end] = (await response.text()).split('\r\n');
    expect(header).toBe(EXPORT_COLUMNS.join(','));
    expect(first?.split(',')).toEqual([
      'yes@example.com',
      'confirmed',
      'de',
      ago(10).toISOString(),
      ago(10).toISOString(),
      '2026-11-22',
      ago(10).toISOString(),
      sentAt.toISOString(),
      '',
      '',
      'not_invited',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(second?.startsWith("'=cmd@example.com,unsubscribed,en,")).toBe(true);
    expect(end).toBe('');
    expect(confirmed).toBeDefined();
  });

  it('marks the addresses on the suppression list, in the page and in the CSV with since when', async () => {
    await seed([
      { email: 'gone@example.com', minutesAgo: 20, status: 'confirmed' },
      { email: 'fine@example.com', minutesAgo: 10, status: 'confirmed' },
    ]);
    await t.database.db.insert(mailSuppressions).values({
      email: 'gone@example.com',
      reason: 'bounce',
      source: 'smtp',
      createdAt: ago(5),
    });
    const shown = (await page('?q=example.com')).entries.map((entry) => [entry.email, entry.suppression]);
    expect(shown).toEqual([
      ['fine@example.com', null],
      ['gone@example.com', 'bounce'],
    ]);
    const rows = (await (await exported({ filter: { q: 'example.com' }, except: [] }, 'csv')).text())
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    // Consent stays what it was; the suppression says no list mail goes there.
    expect(rows.map((cells) => [cells[0], cells[1], ...cells.slice(-2)])).toEqual([
      ['gone@example.com', 'confirmed', 'bounce', ago(5).toISOString()],
      ['fine@example.com', 'confirmed', '', ''],
    ]);
  });

  it('writes the file in pieces as the rows are read, not all at once', async () => {
    const count = EXPORT_BATCH * 2 + 10;
    await seed(people(count));
    const response = await exported({ filter: {}, except: [] }, 'lines');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThanOrEqual(3);
    expect(text.trim().split('\n')).toHaveLength(count);
  });
});

describe('POST /api/admin/waitlist/import', () => {
  it('adds new addresses unconfirmed, never confirms, reports duplicates and invalid rows, queues paced mail', async () => {
    await seed([
      { email: 'known@example.com', minutesAgo: 5, status: 'unconfirmed' },
      { email: 'left@example.com', minutesAgo: 5, status: 'unsubscribed' },
    ]);
    const csv = [
      'Email,Language',
      'New.One@Example.com,de',
      'new-two@example.com,',
      'KNOWN@example.com,en',
      'left@example.com,en',
      'not-an-address,en',
      '"new.one@example.com",en',
      ',de',
      'third@example.org,deutsch',
    ].join('\r\n');
    const response = await send('POST', '/api/admin/waitlist/import', { csv, defaultLanguage: 'en' });
    expect(response.status).toBe(200);
    const report = (await response.json()) as TWaitlistImportResult;
    expect(report).toEqual({
      rows: 8,
      added: 3,
      alreadyOnList: 2,
      duplicateInFile: 1,
      invalid: 2,
      invalidRows: [
        { line: 6, value: 'not-an-address' },
        { line: 8, value: '' },
      ],
      queued: 3,
      suppressed: 0,
      held: false,
    });
    const rows = await t.database.db.select().from(waitingList).orderBy(asc(waitingList.email));
    const added = rows.filter((row) => row.importedBy === staff.email);
    expect(added.map((row) => [row.email, row.language, row.status, row.confirmedAt])).toEqual([
      ['new-two@example.com', 'en', 'unconfirmed', null],
      ['new.one@example.com', 'de', 'unconfirmed', null],
      ['third@example.org', 'de', 'unconfirmed', null],
    ]);
    // Nobody on the list was changed: the unsubscribed address stays unsubscribed.
    expect(rows.find((row) => row.email === 'left@example.com')?.status).toBe('unsubscribed');
    expect(rows.every((row) => row.status !== 'confirmed')).toBe(true);

    const mails = await t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.nextAttemptAt));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([
      'new-two@example.com',
      'new.one@example.com',
      'third@example.org',
    ]);
    expect(mails.every((mail) => mail.kind === 'waitlist_confirmation' && mail.status === 'pending')).toBe(
      true,
    );
    const gaps = mails
      .slice(1)
      .map(
        (mail, index) => mail.nextAttemptAt.getTime() - (mails[index] as typeof mail).nextAttemptAt.getTime(),
      );
    expect(gaps).toEqual([
      1000 / WAITLIST_CONFIRMATION_RATE_PER_SECOND,
      1000 / WAITLIST_CONFIRMATION_RATE_PER_SECOND,
    ]);
    // And they leave in their slots, one at a time by the app's clock, not all at once (issue 36).
    const mailDeps = {
      db: t.database.db,
      transport: t.mailTransport,
      clock: t.clock,
      logger: t.logger,
      mailFrom: t.config.mailFrom,
    };
    const sentPerSlot: number[] = [];
    for (let slot = 0; slot < 3; slot += 1) {
      sentPerSlot.push((await drainDueMail(mailDeps)).sent);
      t.clock.advance(1000 / WAITLIST_CONFIRMATION_RATE_PER_SECOND);
    }
    expect(sentPerSlot).toEqual([1, 1, 1]);

    // The same file again adds nobody and mails nobody.
    const again = (await (
      await send('POST', '/api/admin/waitlist/import', { csv, defaultLanguage: 'en' })
    ).json()) as TWaitlistImportResult;
    expect(again).toMatchObject({ added: 0, alreadyOnList: 5, queued: 0 });
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(3);
  });

  it('adds unconfirmed and holds the e-mails while auto-send is off, and says so', async () => {
    await t.database.db.update(emailSettings).set({ autoSend: false });
    const report = (await (
      await send('POST', '/api/admin/waitlist/import', {
        csv: 'a@example.com\nb@example.com,de\n',
        defaultLanguage: 'en',
      })
    ).json()) as TWaitlistImportResult;
    expect(report).toMatchObject({ added: 2, queued: 2, held: true });
    const held = await t.database.db.select().from(mailOutbox);
    expect(held.map((mail) => mail.status)).toEqual(['held', 'held']);
    const rows = await t.database.db.select().from(waitingList);
    expect(rows.map((row) => row.status)).toEqual(['unconfirmed', 'unconfirmed']);
  });

  it('never mails an address on the suppression list', async () => {
    await t.database.db.insert(mailSuppressions).values({
      email: 'bounced@example.com',
      reason: 'bounce',
      source: 'smtp',
      createdAt: t.clock.now(),
    });
    const report = (await (
      await send('POST', '/api/admin/waitlist/import', {
        csv: 'bounced@example.com\nfine@example.com\n',
        defaultLanguage: 'en',
      })
    ).json()) as TWaitlistImportResult;
    expect(report).toMatchObject({ added: 2, queued: 1, suppressed: 1, held: false });
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails.map((mail) => mail.toAddress)).toEqual(['fine@example.com']);
  });
});

describe('POST /api/admin/waitlist/confirmation-mail/resend', () => {
  it('mails the unconfirmed of the selection once, paced, and not again within the hour', async () => {
    const ids = await seed([
      { email: 'u1@example.com', minutesAgo: 3 },
      { email: 'u2@example.com', minutesAgo: 2, language: 'de' },
      { email: 'c@example.com', minutesAgo: 1, status: 'confirmed' },
      { email: 'x@example.com', minutesAgo: 1, status: 'unsubscribed' },
    ]);
    const selection = { filter: {}, except: [] };
    const first = (await (
      await send('POST', '/api/admin/waitlist/confirmation-mail/resend', { selection })
    ).json()) as TResendConfirmationsResult;
    expect(first).toEqual({
      selected: 4,
      queued: 2,
      notUnconfirmed: 2,
      recentlyMailed: 0,
      suppressed: 0,
      held: false,
    });
    const mails = await t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.nextAttemptAt));
    expect(mails.map((mail) => mail.toAddress)).toEqual(['u1@example.com', 'u2@example.com']);
    expect(mails[1]?.subject).not.toBe(mails[0]?.subject); // in each person's language

    const second = (await (
      await send('POST', '/api/admin/waitlist/confirmation-mail/resend', { selection: { ids } })
    ).json()) as TResendConfirmationsResult;
    expect(second).toMatchObject({ queued: 0, recentlyMailed: 2 });
    t.clock.advance(61 * 60_000);
    const later = (await (
      await send('POST', '/api/admin/waitlist/confirmation-mail/resend', { selection: { ids: [ids[0]] } })
    ).json()) as TResendConfirmationsResult;
    expect(later).toMatchObject({ queued: 1 });
    // Paced after the ones still waiting to leave.
    const all = await t.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.messageKey, 'waitlist-confirmation:staff:%'));
    expect(all).toHaveLength(3);
  });

  it('holds the e-mails while auto-send is off', async () => {
    await seed([{ email: 'u@example.com', minutesAgo: 1 }]);
    await t.database.db.update(emailSettings).set({ autoSend: false });
    const result = (await (
      await send('POST', '/api/admin/waitlist/confirmation-mail/resend', {
        selection: { filter: {}, except: [] },
      })
    ).json()) as TResendConfirmationsResult;
    expect(result).toMatchObject({ queued: 1, held: true });
    expect((await t.database.db.select().from(mailOutbox)).map((mail) => mail.status)).toEqual(['held']);
  });
});

describe('GET /api/admin/waitlist/entries/:id', () => {
  it('shows the consent record and the mail the person was sent', async () => {
    const [id] = await seed([{ email: 'who@example.com', minutesAgo: 30, status: 'confirmed' }]);
    await t.database.db.insert(mailOutbox).values([
      {
        messageKey: 'a',
        kind: 'waitlist_confirmation',
        toAddress: 'who@example.com',
        subject: 'Confirm',
        html: 'h',
        textBody: 't',
        status: 'sent',
        sentAt: ago(40),
        createdAt: ago(40),
      },
      {
        messageKey: 'b',
        kind: 'campaign',
        toAddress: 'who@example.com',
        subject: 'News',
        html: 'h',
        textBody: 't',
        status: 'sent',
        sentAt: ago(5),
        createdAt: ago(5),
      },
      {
        messageKey: 'c',
        kind: 'campaign',
        toAddress: 'other@example.com',
        subject: 'News',
        html: 'h',
        textBody: 't',
      },
    ]);
    const response = await get(`/api/admin/waitlist/entries/${id}`);
    expect(response.status).toBe(200);
    const detail = (await response.json()) as TSubscriberDetail;
    expect(detail.entry.email).toBe('who@example.com');
    expect(detail.consent).toMatchObject({
      textVersion: '2026-11-22',
      consentAt: ago(30).toISOString(),
      confirmedAt: ago(30).toISOString(),
      confirmationSentAt: ago(40).toISOString(),
      importedBy: null,
    });
    expect(detail.mails.map((mail) => mail.subject)).toEqual(['News', 'Confirm']);
    expect((await get(`/api/admin/waitlist/entries/${randomUUID()}`)).status).toBe(404);
    const rows = await t.database.db
      .select()
      .from(waitingList)
      .where(and(eq(waitingList.id, id as string)));
    expect(rows).toHaveLength(1);
  });
});

describe('inviting a selection', () => {
  it('plans and invites the confirmed people a filter picks, without the exceptions', async () => {
    const ids = await seed(people(6, (index) => ({ status: index < 4 ? 'confirmed' : 'unconfirmed' })));
    const selection = { filter: { q: 'person' }, except: [ids[0] as string] };
    const plan = await send('POST', '/api/admin/invitations/plan', { selection });
    expect(plan.status).toBe(200);
    expect(await plan.json()).toMatchObject({ selected: 5, invitable: 3, leftOut: { unconfirmed: 2 } });
    const invited = await send('POST', '/api/admin/invitations', { selection });
    expect(invited.status).toBe(201);
    expect(await invited.json()).toMatchObject({ invited: 3 });
    const rows = await t.database.db
      .select({ email: invitations.email })
      .from(invitations)
      .orderBy(asc(invitations.email));
    expect(rows.map((row) => row.email)).toEqual(
      people(4)
        .slice(1)
        .map((row) => row.email),
    );
  });
});
