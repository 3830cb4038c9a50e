// Extends zod with `.openapi()` before the shared schemas below are built (the routes use it on them).
import '@hono/zod-openapi';
import { randomUUID } from 'node:crypto';
import { INVITATION_RATE_PER_SECOND, INVITATION_VALID_MS } from '@shared/domain/invitations';
import type { TLocale } from '@shared/domain/locale';
import type { WaitlistStatus } from '@shared/domain/waitlist';
import type { TAdminWaitlist, TEmailSettingsState, TInvitationSummary } from '@shared/schemas/admin';
import type { TInvitationPlan, TInvitedEntries } from '@shared/schemas/invitations';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { adminAuditLog } from '../../db/schema/admin';
import { invitations } from '../../db/schema/invitations';
import { mailOutbox, mailSuppressions } from '../../db/schema/mail';
import { waitingList } from '../../db/schema/waitlist';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createSignedInStaff, expectJson, type SignedInStaff, staffRequest } from '../../test/staff';
import { createTestApp, errorCodeOf, TEST_SESSION_SECRET, type TestContext } from '../../test/test-app';
import { cookieHeaderFrom } from '../../test/users';
import { drainDueMail } from '../mail/service';
import { invitationCopy } from '../mail/templates/account-copy';
import { sendDueInvitations } from './sender';

const APP_URL = 'https://mirror.test';
let sink: SmtpSink;
let t: TestContext;
let staff: SignedInStaff;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});
beforeEach(async () => {
  sink.messages.length = 0;
  // INVITE_ONLY is left at its default: on.
  t = await createTestApp({ env: { APP_URL, SMTP_URL: sink.url } });
  staff = await createSignedInStaff(t);
});
afterEach(async () => {
  await t.close();
});

const senderDeps = () => ({
  db: t.database.db,
  appUrl: APP_URL,
  secret: TEST_SESSION_SECRET,
  clock: t.clock,
  logger: t.logger,
  mail: {
    db: t.database.db,
    transport: t.mailTransport,
    clock: t.clock,
    logger: t.logger,
    mailFrom: t.config.mailFrom,
  },
});

async function addEntry(email: string, status: WaitlistStatus, language: TLocale = 'en'): Promise<string> {
  const [row] = await t.database.db
    .insert(waitingList)
    .values({ email, language, status, consentAt: t.clock.now(), consentTextVersion: 'v1' })
    .returning({ id: waitingList.id });
  if (!row) throw new Error('no entry');
  return row.id;
}

function signUp(body: { email: string; password: string; language?: TLocale; invitation?: string }) {
  return t.app.request('/api/account/sign-up', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: APP_URL },
    body: JSON.stringify({ language: 'en', ...body }),
  });
}

/** The invitation link of the latest e-mail to `email` the SMTP sink received. */
function linkIn(email: string): URL {
  const mail = sink.messages.filter((message) => message.envelope.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const match = /https:\/\/mirror\.test\/auth\?\S+/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no invitation link in the mail to ${email}`);
  return new URL(match[0]);
}

const tokenOf = (link: URL) => link.searchParams.get('invitation') ?? '';

/** Invites the entries, lets the sender hand every e-mail to the SMTP sink, and returns the answer. */
async function invite(entryIds: string[]): Promise<TInvitedEntries> {
  const answer = await expectJson<TInvitedEntries>(
    await staffRequest(t, staff, 'POST', '/api/admin/invitations', { entryIds }),
    201,
  );
  // The slots are 1/rate apart: step the clock through them.
  for (let sent = 0; sent < answer.invited; ) {
    sent += await sendDueInvitations(senderDeps());
    t.clock.advance(1000);
  }
  return answer;
}

async function listStates(): Promise<Map<string, TInvitationSummary | null>> {
  const list = await expectJson<TAdminWaitlist>(await staffRequest(t, staff, 'GET', '/api/admin/waitlist'));
  return new Map(list.entries.map((entry) => [entry.email, entry.invitation]));
}

describe('invite-only sign-up', () => {
  it('refuses a sign-up without an invitation with invite_only, whatever it sends, and makes nothing', async () => {
    for (const body of [
      { email: 'visitor@example.com', password: 'a fine long password' },
      { email: 'not-an-address', password: '1' },
      { email: 'visitor@example.com', password: 'a fine long password', invitation: '' },
    ]) {
      const response = await signUp(body);
      expect(response.status).toBe(403);
      expect(await errorCodeOf(response)).toBe('invite_only');
    }
    expect(await t.database.db.select().from(users)).toEqual([]);
    expect(await t.database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('tells the pages that sign-up is invite-only', async () => {
    const response = await t.app.request('/api/site/config');
    expect(((await response.json()) as { inviteOnly: boolean }).inviteOnly).toBe(true);
  });
});

describe('inviting from the newsletter list', () => {
  it('plans who gets an invitation and who is left out and why', async () => {
    const confirmedEn = await addEntry('c-en@example.com', 'confirmed', 'en');
    const confirmedDe = await addEntry('c-de@example.com', 'confirmed', 'de');
    const unconfirmed = await addEntry('u@example.com', 'unconfirmed');
    const unsubscribed = await addEntry('x@example.com', 'unsubscribed');
    const member = await addEntry('member@example.com', 'confirmed');
    await t.database.db.insert(users).values({ id: 'member', name: '', email: 'member@example.com' });
    const plan = await expectJson<TInvitationPlan>(
      await staffRequest(t, staff, 'POST', '/api/admin/invitations/plan', {
        entryIds: [confirmedEn, confirmedDe, unconfirmed, unsubscribed, member, randomUUID()],
      }),
    );
    expect(plan).toEqual({
      selected: 6,
      invitable: 2,
      byLanguage: { en: 1, de: 1 },
      leftOut: {
        unconfirmed: 1,
        unsubscribed: 1,
        suppressed: 0,
        alreadyInvited: 0,
        hasAccount: 1,
        missing: 1,
      },
    });
    const empty = await staffRequest(t, staff, 'POST', '/api/admin/invitations/plan', { entryIds: [] });
    expect(await errorCodeOf(empty)).toBe('no_recipients');
  });

  it('holds invitations while automatic sending is off, and never invites or mails a suppressed address (issue 36)', async () => {
    const waiting = await addEntry('waiting@example.com', 'confirmed');
    const bounced = await addEntry('bounced@example.com', 'confirmed');
    await t.database.db
      .insert(mailSuppressions)
      .values({ email: 'bounced@example.com', reason: 'bounce', source: 'smtp', createdAt: t.clock.now() });
    const plan = await expectJson<TInvitationPlan>(
      await staffRequest(t, staff, 'POST', '/api/admin/invitations/plan', { entryIds: [waiting, bounced] }),
    );
    expect(plan).toMatchObject({ invitable: 1, leftOut: { suppressed: 1 } });

    // The emergency stop: the invitation is written, and held with the rest of the list mail.
    const stop = await staffRequest(t, staff, 'PUT', '/api/admin/mail/settings', {
      globalBcc: null,
      autoSend: false,
    });
    expect(stop.status).toBe(200);
    const answer = await invite([waiting, bounced]);
    expect(answer.invited).toBe(1);
    await drainDueMail(senderDeps().mail);
    expect(sink.messages).toHaveLength(0);
    expect((await listStates()).get('waiting@example.com')?.state).toBe('sending');
    const card = await expectJson<TEmailSettingsState>(
      await staffRequest(t, staff, 'GET', '/api/admin/mail/settings'),
    );
    expect(card.held).toBe(1);

    // An address suppressed after it was invited is not mailed either: the invitation says it failed.
    const direct = await addEntry('late@example.com', 'confirmed');
    await invite([direct]);
    await t.database.db.insert(mailSuppressions).values({
      email: 'late@example.com',
      reason: 'complaint',
      source: 'webhook',
      createdAt: t.clock.now(),
    });

    // Back on: what was held goes out, to the one who may have it.
    const resume = await staffRequest(t, staff, 'PUT', '/api/admin/mail/settings', {
      globalBcc: null,
      autoSend: true,
    });
    expect(resume.status).toBe(200);
    await drainDueMail(senderDeps().mail);
    expect(sink.messages.map((message) => message.envelope.to)).toEqual([['waiting@example.com']]);
    const states = await listStates();
    expect(states.get('waiting@example.com')?.state).toBe('invited');
    expect(states.get('late@example.com')?.state).toBe('mail_failed');
    expect(states.get('bounced@example.com')).toBeNull();
  });

  it('e-mails each confirmed person an invitation in their language; the link signs them up once, verified', async () => {
    const en = await addEntry('ana@example.com', 'confirmed', 'en');
    const de = await addEntry('bea@example.com', 'confirmed', 'de');
    const answer = await invite([en, de, await addEntry('no@example.com', 'unconfirmed')]);
    expect(answer.invited).toBe(2);
    expect(answer.plan.leftOut.unconfirmed).toBe(1);

    const german = sink.messages.find((message) => message.envelope.to.includes('bea@example.com'));
    expect(german?.parsed.subject).toBe(invitationCopy.de.subject);
    expect(german?.parsed.text).toContain(invitationCopy.de.heading);
    const link = linkIn('bea@example.com');
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('lang')).toBe('de');
    expect((await listStates()).get('bea@example.com')?.state).toBe('invited');

    // The page reads the address the link is for.
    const lookup = await t.app.request(`/api/invitations/lookup?token=${encodeURIComponent(tokenOf(link))}`);
    expect(await lookup.json()).toEqual({ email: 'bea@example.com', language: 'de' });

    const accepted = await signUp({
      email: 'Bea@Example.com',
      password: 'a garden after rain',
      language: 'de',
      invitation: tokenOf(link),
    });
    const body = await expectJson<{ status: string; user: { emailVerified: boolean } }>(accepted, 201);
    expect(body.status).toBe('signed_in');
    expect(body.user.emailVerified).toBe(true);
    const session = await t.app.request('/api/account/session', {
      headers: { cookie: cookieHeaderFrom(accepted) },
    });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe('bea@example.com');
    // No second mail: the invitation proved the address.
    expect(sink.messages.filter((message) => message.envelope.to.includes('bea@example.com'))).toHaveLength(
      1,
    );
    const [account] = await t.database.db.select().from(users).where(eq(users.email, 'bea@example.com'));
    expect(account).toMatchObject({ emailVerified: true, language: 'de' });
    expect((await listStates()).get('bea@example.com')?.state).toBe('accepted');

    // A second use of the link.
    const again = await signUp({
      email: 'bea@example.com',
      password: 'another password here',
      invitation: tokenOf(link),
    });
    expect(again.status).toBe(409);
    expect(await errorCodeOf(again)).toBe('invitation_used');
    // An accepted invitation is not sent again, and the person is left out of the next batch.
    const next = await expectJson<TInvitedEntries>(
      await staffRequest(t, staff, 'POST', '/api/admin/invitations', { entryIds: [de] }),
      201,
    );
    expect(next.invited).toBe(0);
    expect(next.plan.leftOut.hasAccount).toBe(1);
  });

  it('accepts a link once when it arrives twice at the same moment', async () => {
    const id = await addEntry('twice@example.com', 'confirmed');
    await invite([id]);
    const invitation = tokenOf(linkIn('twice@example.com'));
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        signUp({ email: 'twice@example.com', password: 'a garden after rain', invitation }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'twice@example.com'))).toHaveLength(
      1,
    );
  });

  it('refuses an expired link, a forged one and one for another address', async () => {
    const id = await addEntry('late@example.com', 'confirmed');
    await invite([id]);
    const invitation = tokenOf(linkIn('late@example.com'));

    const other = await signUp({
      email: 'someone-else@example.com',
      password: 'a garden after rain',
      invitation,
    });
    expect(other.status).toBe(400);
    expect(await errorCodeOf(other)).toBe('invitation_wrong_address');

    const [payload, signature] = invitation.split('.');
    const forged = Buffer.from(JSON.stringify({ id: randomUUID(), n: 'guess' })).toString('base64url');
    for (const token of [`${forged}.${signature}`, `${payload}.${'A'.repeat(43)}`, 'nonsense']) {
      const response = await signUp({
        email: 'late@example.com',
        password: 'a garden after rain',
        invitation: token,
      });
      expect(response.status).toBe(400);
      expect(await errorCodeOf(response)).toBe('invitation_invalid');
    }

    t.clock.advance(INVITATION_VALID_MS);
    staff = await createSignedInStaff(t); // the first session ended long ago
    const expired = await signUp({ email: 'late@example.com', password: 'a garden after rain', invitation });
    expect(expired.status).toBe(410);
    expect(await errorCodeOf(expired)).toBe('invitation_expired');
    expect((await listStates()).get('late@example.com')?.state).toBe('expired');
    expect(await t.database.db.select().from(users)).toEqual([]);
  });

  it('revokes an invitation: its link stops working, and a mail not yet sent is not sent', async () => {
    const sent = await addEntry('sent@example.com', 'confirmed');
    await invite([sent]);
    const invitation = tokenOf(linkIn('sent@example.com'));
    const id = (await listStates()).get('sent@example.com')?.id ?? '';
    const revoked = await expectJson<{ invitation: TInvitationSummary }>(
      await staffRequest(t, staff, 'POST', `/api/admin/invitations/${id}/revoke`),
    );
    expect(revoked.invitation.state).toBe('revoked');
    const refused = await signUp({ email: 'sent@example.com', password: 'a garden after rain', invitation });
    expect(refused.status).toBe(409);
    expect(await errorCodeOf(refused)).toBe('invitation_revoked');
    const twice = await staffRequest(t, staff, 'POST', `/api/admin/invitations/${id}/revoke`);
    expect(await errorCodeOf(twice)).toBe('invitation_revoked');

    // Revoked before its slot came: nothing goes out.
    const waiting = await addEntry('waiting@example.com', 'confirmed');
    await staffRequest(t, staff, 'POST', '/api/admin/invitations', { entryIds: [waiting] });
    const waitingId = (await listStates()).get('waiting@example.com')?.id ?? '';
    expect((await listStates()).get('waiting@example.com')?.state).toBe('sending');
    await staffRequest(t, staff, 'POST', `/api/admin/invitations/${waitingId}/revoke`);
    t.clock.advance(60_000);
    expect(await sendDueInvitations(senderDeps())).toBe(0);
    expect(sink.messages.filter((message) => message.envelope.to.includes('waiting@example.com'))).toEqual(
      [],
    );

    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'invitation.revoke'));
    expect(audit.map((row) => [row.target, row.staffEmail])).toEqual([
      ['sent@example.com', staff.email],
      ['waiting@example.com', staff.email],
    ]);
  });

  it('resends an invitation with a new link, valid 14 days from the resend; the old link stops working', async () => {
    const id = await addEntry('again@example.com', 'confirmed', 'de');
    await invite([id]);
    const first = tokenOf(linkIn('again@example.com'));
    t.clock.advance(INVITATION_VALID_MS + 1);
    staff = await createSignedInStaff(t); // the first session ended long ago
    expect((await listStates()).get('again@example.com')?.state).toBe('expired');
    const invitationId = (await listStates()).get('again@example.com')?.id ?? '';
    const resent = await expectJson<{ invitation: TInvitationSummary }>(
      await staffRequest(t, staff, 'POST', `/api/admin/invitations/${invitationId}/resend`),
    );
    expect(resent.invitation.expiresAt).toBe(
      new Date(t.clock.now().getTime() + INVITATION_VALID_MS).toISOString(),
    );
    await sendDueInvitations(senderDeps());
    const second = tokenOf(linkIn('again@example.com'));
    expect(second).not.toBe(first);
    expect(sink.messages.filter((message) => message.envelope.to.includes('again@example.com'))).toHaveLength(
      2,
    );

    const old = await signUp({
      email: 'again@example.com',
      password: 'a garden after rain',
      invitation: first,
    });
    expect(await errorCodeOf(old)).toBe('invitation_invalid');
    const fresh = await signUp({
      email: 'again@example.com',
      password: 'a garden after rain',
      invitation: second,
    });
    expect(fresh.status).toBe(201);
    const used = await staffRequest(t, staff, 'POST', `/api/admin/invitations/${invitationId}/resend`);
    expect(await errorCodeOf(used)).toBe('invitation_used');
  });

  it(`sends the e-mails at ${INVITATION_RATE_PER_SECOND} a second, however many are invited at once`, async () => {
    const ids = await Promise.all(
      Array.from({ length: 35 }, (_, index) => addEntry(`paced-${index}@example.com`, 'confirmed')),
    );
    const answer = await expectJson<TInvitedEntries>(
      await staffRequest(t, staff, 'POST', '/api/admin/invitations', { entryIds: ids }),
      201,
    );
    expect(answer.invited).toBe(35);
    const started = t.clock.now().getTime();
    let queued = 0;
    while (queued < 35) {
      queued += await sendDueInvitations(senderDeps());
      const elapsedSeconds = (t.clock.now().getTime() - started) / 1000;
      // Never ahead of the pace (the first one goes at once).
      expect(queued).toBeLessThanOrEqual(Math.floor(elapsedSeconds * INVITATION_RATE_PER_SECOND) + 1);
      t.clock.advance(250);
    }
    expect((t.clock.now().getTime() - started) / 1000).toBeGreaterThanOrEqual(3.4);
    expect(sink.messages).toHaveLength(35);
    // A second batch queues behind the first: its slots come after the last one given out.
    const more = await addEntry('later@example.com', 'confirmed');
    await staffRequest(t, staff, 'POST', '/api/admin/invitations', { entryIds: [more] });
    const [row] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'later@example.com'));
    expect(row?.sendAfter.getTime()).toBeGreaterThanOrEqual(t.clock.now().getTime());
  });

  it('invites an address that is not on the list, and lists it among the direct invitations', async () => {
    const created = await staffRequest(t, staff, 'POST', '/api/admin/invitations/address', {
      email: ' Friend@Example.com ',
      language: 'de',
    });
    expect(created.status).toBe(201);
    await sendDueInvitations(senderDeps());
    expect(linkIn('friend@example.com').searchParams.get('lang')).toBe('de');
    const direct = await expectJson<{ invitations: { email: string; invitation: TInvitationSummary }[] }>(
      await staffRequest(t, staff, 'GET', '/api/admin/invitations/direct'),
    );
    expect(direct.invitations.map((row) => [row.email, row.invitation.state])).toEqual([
      ['friend@example.com', 'invited'],
    ]);
    const bad = await staffRequest(t, staff, 'POST', '/api/admin/invitations/address', {
      email: 'nope',
      language: 'en',
    });
    expect(await errorCodeOf(bad)).toBe('invalid_email');
    await signUp({
      email: 'friend@example.com',
      password: 'a garden after rain',
      invitation: tokenOf(linkIn('friend@example.com')),
    });
    const member = await staffRequest(t, staff, 'POST', '/api/admin/invitations/address', {
      email: 'friend@example.com',
      language: 'de',
    });
    expect(member.status).toBe(409);
    expect(await errorCodeOf(member)).toBe('user_exists');
  });

  it('shows a failed e-mail as such', async () => {
    const id = await addEntry('bounce@example.com', 'confirmed');
    await staffRequest(t, staff, 'POST', '/api/admin/invitations', { entryIds: [id] });
    await sendDueInvitations(senderDeps());
    await t.database.db
      .update(mailOutbox)
      .set({ status: 'dead' })
      .where(eq(mailOutbox.toAddress, 'bounce@example.com'));
    expect((await listStates()).get('bounce@example.com')?.state).toBe('mail_failed');
  });
});
