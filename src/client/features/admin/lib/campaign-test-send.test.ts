import { describe, expect, it } from 'vitest';
import { parseTestAddresses, testResultLines } from './campaign-test-send';

describe('parseTestAddresses', () => {
  it('splits at commas, semicolons and spaces, lowercases and keeps each address once', () => {
    expect(parseTestAddresses(' Ana@Example.org, ben@example.org;\nana@example.org ')).toEqual({
      ok: true,
      addresses: ['ana@example.org', 'ben@example.org'],
    });
  });

  it('names the first wrong address, and refuses none or too many', () => {
    expect(parseTestAddresses('ana@example.org, nope')).toEqual({
      ok: false,
      error: 'invalid',
      address: 'nope',
    });
    expect(parseTestAddresses(' , ')).toEqual({ ok: false, error: 'empty' });
    const six = Array.from({ length: 6 }, (_, index) => `p${index}@example.org`).join(' ');
    expect(parseTestAddresses(six)).toEqual({ ok: false, error: 'tooMany' });
  });
});

describe('testResultLines', () => {
  it('says how each message went: sent by which way, waiting for a retry (with when), or not sent', () => {
    const lines = testResultLines(
      {
        transport: 'smtp',
        results: [
          { to: 'a@example.org', language: 'en', subject: '[Test] A', outcome: 'sent', error: null },
          {
            to: 'a@example.org',
            language: 'de',
            subject: '[Test] A',
            outcome: 'retrying',
            error: '451 busy',
            retryAt: '2026-11-28T16:00:30.000Z',
          },
          { to: 'b@example.org', language: 'en', subject: '[Test] A', outcome: 'suppressed', error: null },
          { to: 'c@example.org', language: 'en', subject: '[Test] A', outcome: 'failed', error: '550 no' },
        ],
      },
      (iso) => `at ${iso}`,
    );
    expect(lines.map((line) => [line.tone, line.key, line.params])).toEqual([
      ['success', 'admin.campaigns.test.outcome.sentSmtp', {}],
      [
        'warning',
        'admin.campaigns.test.outcome.retrying',
        { error: '451 busy', time: 'at 2026-11-28T16:00:30.000Z' },
      ],
      ['danger', 'admin.campaigns.test.outcome.suppressed', {}],
      ['danger', 'admin.campaigns.test.outcome.failed', { error: '550 no' }],
    ]);
    const file = testResultLines(
      {
        transport: 'file',
        results: [{ to: 'a@example.org', language: 'en', subject: '', outcome: 'sent', error: null }],
      },
      String,
    );
    expect(file[0]?.key).toBe('admin.campaigns.test.outcome.sentFile');
  });
});
