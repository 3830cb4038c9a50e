import type { Bubble } from '@shared/domain/bubbles';
import { describe, expect, it } from 'vitest';
import { byCategory, chunks, isUploadable, mergeBubbles, ownBubbles, toUpload } from './merge';

function bubble(id: string, createdAt: string, overrides: Partial<Bubble> = {}): Bubble {
  return {
    id,
    category: 'Trust',
    whoTrusted: ['partner'],
    name: 'Emma',
    when: 'today',
    importance: 5,
    createdAt,
    ...overrides,
  };
}

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

describe('mergeBubbles', () => {
  it('is the union by id, oldest first, the first copy winning', () => {
    const server = [
      bubble(A, '2025-03-02T00:00:00.000Z', { name: 'server' }),
      bubble(B, '2025-03-03T00:00:00.000Z'),
    ];
    const local = [
      bubble(C, '2025-03-01T00:00:00.000Z'),
      bubble(A, '2025-03-02T00:00:00.000Z', { name: 'local' }),
    ];
    const merged = mergeBubbles(server, local);
    expect(merged.map((item) => item.id)).toEqual([C, A, B]);
    expect(merged.find((item) => item.id === A)?.name).toBe('server');
  });
});

describe('ownBubbles', () => {
  it("shows a visitor's answers and the signed-in person's, not another account's", () => {
    const local = [bubble(A, 'x'), bubble(B, 'x'), bubble(C, 'x')];
    const owners = { [B]: 'user-1', [C]: 'user-2' };
    expect(ownBubbles(local, owners, 'user-1').map((item) => item.id)).toEqual([A, B]);
    expect(ownBubbles(local, owners, null).map((item) => item.id)).toEqual([A]);
  });
});

describe('toUpload', () => {
  it('is what the server lacks and would take', () => {
    const now = '2025-03-17T09:00:00.000Z';
    const local = [bubble(A, now), bubble(B, now), bubble('not-a-uuid', now)];
    expect(toUpload(local, [bubble(A, now)]).map((item) => item.id)).toEqual([B]);
  });

  it('follows the server schema', () => {
    const ok = bubble(A, '2025-03-17T09:00:00.000Z');
    expect(isUploadable(ok)).toBe(true);
    expect(isUploadable({ ...ok, createdAt: '' })).toBe(false);
    expect(isUploadable({ ...ok, createdAt: '2025-03-17' })).toBe(false);
    expect(isUploadable({ ...ok, createdAt: '2026-02-30T10:00:00Z' })).toBe(false);
    expect(isUploadable({ ...ok, createdAt: '0000-01-01T00:00:00Z' })).toBe(false);
    expect(isUploadable({ ...ok, name: ' ' })).toBe(false);
    expect(isUploadable({ ...ok, name: 'x'.repeat(81) })).toBe(false);
    expect(isUploadable({ ...ok, whoTrusted: [] })).toBe(false);
    expect(isUploadable({ ...ok, importance: 11 })).toBe(false);
    expect(isUploadable({ ...ok, importance: 2.5 })).toBe(false);
    expect(isUploadable({ ...ok, when: '' })).toBe(false);
    // Only the questionnaire's options (issue 35): free text, another category's option, a repeat.
    expect(isUploadable({ ...ok, whoTrusted: ['Partner'] })).toBe(false);
    expect(isUploadable({ ...ok, whoTrusted: ['mentor'] })).toBe(false);
    expect(isUploadable({ ...ok, whoTrusted: ['partner', 'partner'] })).toBe(false);
    expect(isUploadable({ ...ok, when: 'Last summer' })).toBe(false);
    expect(isUploadable({ ...ok, whoTrusted: ['partner', 'self'], when: 'dont_remember' })).toBe(true);
  });
});

describe('helpers', () => {
  it('groups by category and splits into requests', () => {
    const groups = byCategory([bubble(A, 'x'), bubble(B, 'x', { category: 'Growth' })]);
    expect(groups.Trust.map((item) => item.id)).toEqual([A]);
    expect(groups.Growth.map((item) => item.id)).toEqual([B]);
    expect(groups.Future).toEqual([]);
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 2)).toEqual([]);
  });
});
