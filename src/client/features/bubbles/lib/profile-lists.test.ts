import { type Bubble, CATEGORIES, TRUST_MOCK_COUNT } from '@shared/domain/bubbles';
import { describe, expect, it } from 'vitest';
import { byCategory } from './merge';
import { allModeOrder, canvasView, categoryLists, mockBubblesBySeed, roundNumbers } from './profile-lists';

const real: Bubble = {
  id: '11111111-1111-4111-8111-111111111111',
  category: 'Trust',
  whoTrusted: ['partner'],
  name: 'Mine',
  when: 'today',
  importance: 9,
  createdAt: '2025-03-17T09:00:00.000Z',
};

describe('the profile lists', () => {
  const mocks = mockBubblesBySeed(42);
  const lists = categoryLists(byCategory([real]), mocks);

  it('are the same mock bubbles for the same session seed', () => {
    expect(mockBubblesBySeed(42)).toEqual(mocks);
    expect(mockBubblesBySeed(43).Growth).not.toEqual(mocks.Growth);
    expect(mocks.Trust).toHaveLength(TRUST_MOCK_COUNT);
  });

  it("put the person's bubbles first, so the newest is at index count − 1 (spec §4)", () => {
    expect(lists.Trust[0]).toBe(real);
    expect(lists.Trust).toHaveLength(TRUST_MOCK_COUNT + 1);
    expect(lists.Growth).toEqual(mocks.Growth);
  });

  it("number each bubble's round within its category, from 1", () => {
    const rounds = roundNumbers(lists);
    expect(rounds.get(real.id)).toBe(1);
    expect(rounds.get(mocks.Trust[0]?.id ?? '')).toBe(2);
    expect(rounds.get(mocks.Growth[4]?.id ?? '')).toBe(5);
  });

  it('shuffle every category into All mode, the same way for the same seed', () => {
    const order = allModeOrder(lists, 7);
    const total = CATEGORIES.reduce((sum, category) => sum + lists[category].length, 0);
    expect(order).toHaveLength(total);
    expect(new Set(order.map((bubble) => bubble.id)).size).toBe(total);
    expect(allModeOrder(lists, 7)).toEqual(order);
    expect(new Set(order.slice(0, 50).map((bubble) => bubble.category)).size).toBeGreaterThan(3);
  });
});

describe('whose moments a canvas shows (issue 34)', () => {
  it('shows examples on the test home to everyone, and on the profile to visitors only', () => {
    for (const session of [
      { known: true, signedIn: true },
      { known: true, signedIn: false },
      { known: false, signedIn: false },
    ]) {
      expect(canvasView('testHome', session)).toBe('examples');
    }
    expect(canvasView('profile', { known: true, signedIn: false })).toBe('examples');
    expect(canvasView('profile', { known: true, signedIn: true })).toBe('own');
    expect(canvasView('profile', { known: false, signedIn: false })).toBe('loading');
  });

  it('gives a signed-in person their own moments alone: true counts, rounds from 1, All mode only theirs', () => {
    const second: Bubble = { ...real, id: '22222222-2222-4222-8222-222222222222', category: 'Growth' };
    const own = categoryLists(byCategory([real, second]), null);
    expect(own.Trust).toEqual([real]);
    expect(own.Growth).toEqual([second]);
    expect(own.Future).toEqual([]);
    expect(roundNumbers(own).get(real.id)).toBe(1);
    expect(
      allModeOrder(own, 7)
        .map((bubble) => bubble.id)
        .sort(),
    ).toEqual([real.id, second.id]);
  });
});
