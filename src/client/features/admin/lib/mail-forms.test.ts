import { describe, expect, it } from 'vitest';
import { checkAddress, checkOptionalAddress, gdprResultLine, testMailResultLine } from './mail-forms';

describe('address fields', () => {
  it('take an address trimmed and lowercased', () => {
    expect(checkAddress('  Staff@Example.COM ')).toEqual({ ok: true, address: 'staff@example.com' });
  });

  it('refuse what is not an address, or nothing', () => {
    for (const raw of ['', '   ', 'staff', 'staff@example', 'a b@example.com', 'a@@example.com']) {
      expect(checkAddress(raw), raw).toEqual({ ok: false });
    }
  });

  it('the BCC may be empty, which means none, but not half an address', () => {
    expect(checkOptionalAddress('')).toEqual({ ok: true, address: null });
    expect(checkOptionalAddress('  ')).toEqual({ ok: true, address: null });
    expect(checkOptionalAddress('bcc@example.com')).toEqual({ ok: true, address: 'bcc@example.com' });
    expect(checkOptionalAddress('bcc@')).toEqual({ ok: false });
  });
});

describe('the test e-mail result', () => {
  const sent = { outcome: 'sent', error: null } as const;

  it('names the way it went out', () => {
    expect(testMailResultLine({ ...sent, transport: 'smtp' }, 'a@example.com')).toEqual({
      tone: 'success',
      key: 'admin.emailTest.sentSmtp',
      params: { to: 'a@example.com' },
    });
    expect(testMailResultLine({ ...sent, transport: 'file' }, 'a@example.com').key).toBe(
      'admin.emailTest.sentFile',
    );
    expect(testMailResultLine({ ...sent, transport: 'provider' }, 'a@example.com').key).toBe(
      'admin.emailTest.sentProvider',
    );
  });

  it('says why it failed', () => {
    expect(
      testMailResultLine(
        { outcome: 'failed', transport: 'smtp', error: 'connection refused' },
        'a@example.com',
      ),
    ).toEqual({
      tone: 'danger',
      key: 'admin.emailTest.failedResult',
      params: { error: 'connection refused' },
    });
  });
});

describe('the manual GDPR sender result', () => {
  it('tells a real confirmation from a test copy', () => {
    const sent = { outcome: 'sent', transport: 'smtp', error: null } as const;
    expect(gdprResultLine({ ...sent, mode: 'subscriber' }, 'a@example.com').key).toBe(
      'admin.gdprSender.sentSubscriber',
    );
    expect(gdprResultLine({ ...sent, mode: 'test' }, 'a@example.com')).toEqual({
      tone: 'success',
      key: 'admin.gdprSender.sentTest',
      params: { email: 'a@example.com' },
    });
  });

  it('says when auto-send held it back, it waits for a retry, or the transport refused it', () => {
    expect(gdprResultLine({ outcome: 'held', transport: null, error: null }, 'a@example.com')).toEqual({
      tone: 'warning',
      key: 'admin.gdprSender.held',
      params: {},
    });
    expect(
      gdprResultLine(
        { outcome: 'retrying', transport: 'smtp', error: '451 busy', retryAt: '2026-11-28T12:00:30.000Z' },
        'a@example.com',
      ),
    ).toMatchObject({ tone: 'warning', key: 'admin.gdprSender.retrying', params: { error: '451 busy' } });
    expect(
      gdprResultLine(
        { outcome: 'failed', transport: 'provider', error: '401 from provider' },
        'a@example.com',
      ).params,
    ).toEqual({ error: '401 from provider' });
  });
});
