import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import type { TMailSendResult } from '@shared/schemas/admin';

/** The address fields and send results of the e-mail panels, apart from React. */

export type AddressCheck = { ok: true; address: string } | { ok: false };

/** A required address: trimmed and lowercased like the list stores it, then checked (spec §5 pattern). */
export function checkAddress(raw: string): AddressCheck {
  const address = normalizeEmail(raw);
  return address && isValidEmail(address) ? { ok: true, address } : { ok: false };
}

/** The global BCC is optional (spec §5): empty means none; anything else must be an address. */
export function checkOptionalAddress(raw: string): { ok: true; address: string | null } | { ok: false } {
  if (!raw.trim()) return { ok: true, address: null };
  return checkAddress(raw);
}

type ResultLine<Key extends string> = {
  tone: 'success' | 'danger';
  key: Key;
  /** The values its text names ({{to}}, {{email}}, {{error}}). */
  params: { to?: string; email?: string; error?: string };
};

type TestMailKey =
  `admin.emailTest.${'blockedResult' | 'failedResult' | 'sentFile' | 'sentProvider' | 'sentSmtp'}`;
type GdprKey = `admin.gdprSender.${'blocked' | 'failedResult' | 'sentTest' | 'sentSubscriber'}`;

/** What the test panel says about a delivery: by which way it went out, or why not. */
export function testMailResultLine(result: TMailSendResult, to: string): ResultLine<TestMailKey> {
  if (result.outcome === 'blocked')
    return { tone: 'danger', key: 'admin.emailTest.blockedResult', params: {} };
  if (result.outcome === 'failed') {
    return { tone: 'danger', key: 'admin.emailTest.failedResult', params: { error: result.error ?? '—' } };
  }
  const key: TestMailKey =
    result.transport === 'file'
      ? 'admin.emailTest.sentFile'
      : result.transport === 'provider'
        ? 'admin.emailTest.sentProvider'
        : 'admin.emailTest.sentSmtp';
  return { tone: 'success', key, params: { to } };
}

/** What the manual GDPR sender says: a real confirmation, a test copy, paused by auto-send, or failed. */
export function gdprResultLine(result: TMailSendResult, email: string): ResultLine<GdprKey> {
  if (result.outcome === 'blocked') return { tone: 'danger', key: 'admin.gdprSender.blocked', params: {} };
  if (result.outcome === 'failed') {
    return { tone: 'danger', key: 'admin.gdprSender.failedResult', params: { error: result.error ?? '—' } };
  }
  return {
    tone: 'success',
    key: result.mode === 'test' ? 'admin.gdprSender.sentTest' : 'admin.gdprSender.sentSubscriber',
    params: { email },
  };
}
