import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL,
  BUBBLE_DIAMETERS,
  type Bubble,
  breakpointOf,
  bubbleDiameter,
  bubbleImportance,
  CATEGORIES,
  type Category,
  canvasWidth,
  categoryFromQuery,
  categorySlug,
  DEFAULT_IMPORTANCE,
  generateMockBubbles,
  isCategory,
  isMockBubble,
  isUnknownCategoryQuery,
  isWhenOption,
  isWhoAnswer,
  MOCK_FIRST_NAMES,
  mockBubbleCount,
  randomInt,
  seededRandom,
  WHEN_OPTIONS,
  WHO_OPTION_IDS,
  WHO_OPTIONS,
} from './bubbles';

const seedArb = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const categoryArb = fc.constantFrom(...CATEGORIES);

describe('categories', () => {
  it('are the ten of spec §3, in the dropdown order', () => {
    expect(CATEGORIES).toEqual([
      'Trust',
      'Boundaries',
      'Intimacy',
      'Communication',
      'Conflict',
      'Self-Worth',
      'Attachment',
      'Vulnerability',
      'Growth',
      'Future',
    ]);
    expect(categorySlug('Self-Worth')).toBe('self-worth');
    expect(isCategory('Growth')).toBe(true);
    expect(isCategory('growth')).toBe(false);
    expect(isCategory(ALL)).toBe(false);
  });

  it('read ?category= with Trust as the default, and All only where it is offered', () => {
    expect(categoryFromQuery(null, false)).toBe('Trust');
    expect(categoryFromQuery(null, true)).toBe('Trust');
    expect(categoryFromQuery('Vulnerability', false)).toBe('Vulnerability');
    expect(categoryFromQuery('Self-Worth', true)).toBe('Self-Worth');
    expect(categoryFromQuery('All', true)).toBe('All');
    expect(categoryFromQuery('All', false)).toBe('Trust');
    expect(categoryFromQuery('future', true)).toBe('Trust');
    expect(categoryFromQuery('', true)).toBe('Trust');
    expect(categoryFromQuery('Trust ', true)).toBe('Trust');
  });

  it('tell a ?category= naming nothing (a not-found state) from a missing one (Trust)', () => {
    expect(isUnknownCategoryQuery(null, false)).toBe(false);
    expect(isUnknownCategoryQuery('', true)).toBe(false);
    expect(isUnknownCategoryQuery('Growth', false)).toBe(false);
    expect(isUnknownCategoryQuery('All', true)).toBe(false);
    expect(isUnknownCategoryQuery('All', false)).toBe(true);
    expect(isUnknownCategoryQuery('future', true)).toBe(true);
    expect(isUnknownCategoryQuery('Nonsense', false)).toBe(true);
  });

  it('each ask "who" with six different answers and share the seven "when" answers', () => {
    for (const category of CATEGORIES) {
      expect(new Set(WHO_OPTIONS[category]).size).toBe(6);
    }
    expect(WHEN_OPTIONS).toHaveLength(7);
    expect(isWhenOption('few_weeks_ago')).toBe(true);
    expect(isWhenOption('2024')).toBe(false);
  });

  it('take as a "who" answer only the options of its category, at least one, each once', () => {
    for (const category of CATEGORIES) {
      const options = WHO_OPTIONS[category];
      expect(isWhoAnswer(category, [...options])).toBe(true);
      for (const id of options) expect(WHO_OPTION_IDS).toContain(id);
    }
    expect(isWhoAnswer('Trust', [])).toBe(false);
    expect(isWhoAnswer('Trust', ['partner', 'partner'])).toBe(false);
    expect(isWhoAnswer('Trust', ['Partner'])).toBe(false);
    expect(isWhoAnswer('Trust', ['mentor'])).toBe(false);
    expect(isWhoAnswer('Growth', ['mentor'])).toBe(true);
  });
});

describe('importance', () => {
  it('is a bubble’s own, rounded into 0–10, or 5 when missing', () => {
    expect(bubbleImportance({ importance: 8 })).toBe(8);
    expect(bubbleImportance({ importance: 0 })).toBe(0);
    expect(bubbleImportance({ importance: 7.6 })).toBe(8);
    expect(bubbleImportance({ importance: 42 })).toBe(10);
    expect(bubbleImportance({ importance: -3 })).toBe(0);
    expect(bubbleImportance({})).toBe(DEFAULT_IMPORTANCE);
    expect(bubbleImportance({ importance: null })).toBe(5);
    expect(bubbleImportance({ importance: Number.NaN })).toBe(5);
  });
});

describe('sizes (spec §9)', () => {
  it('switch breakpoints at 640 and 1024 px', () => {
    expect(breakpointOf(390)).toBe('mobile');
    expect(breakpointOf(639)).toBe('mobile');
    expect(breakpointOf(640)).toBe('tablet');
    expect(breakpointOf(1023)).toBe('tablet');
    expect(breakpointOf(1024)).toBe('desktop');
  });

  it('give diameter = min + importance / 10 × (max − min) at each breakpoint', () => {
    const table: Array<[viewport: number, importance: number, diameter: number]> = [
      [390, 0, 40],
      [390, 5, 70],
      [390, 10, 100],
      [800, 0, 45],
      [800, 5, 82.5],
      [800, 10, 120],
      [1280, 0, 50],
      [1280, 5, 95],
      [1280, 10, 140],
    ];
    for (const [viewport, importance, diameter] of table) {
      expect(bubbleDiameter(importance, viewport)).toBe(diameter);
    }
  });

  it('draw a bubble without an importance as importance 5', () => {
    for (const viewport of [390, 800, 1280]) {
      const missing = bubbleImportance({ importance: undefined });
      expect(bubbleDiameter(missing, viewport)).toBe(bubbleDiameter(5, viewport));
      expect(bubbleDiameter(Number.NaN, viewport)).toBe(bubbleDiameter(5, viewport));
    }
  });

  it('grow with importance and stay within the breakpoint’s range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 320, max: 2560 }),
        (importance, viewport) => {
          const { min, max } = BUBBLE_DIAMETERS[breakpointOf(viewport)];
          const diameter = bubbleDiameter(importance, viewport);
          expect(diameter).toBeGreaterThanOrEqual(min);
          expect(bubbleDiameter(importance + 1, viewport)).toBeGreaterThan(diameter);
          expect(bubbleDiameter(importance + 1, viewport)).toBeLessThanOrEqual(max);
        },
      ),
    );
  });

  it('give the canvas width of the profile at each breakpoint and of the test home', () => {
    expect(canvasWidth(390, 'profile')).toBe(326);
    expect(canvasWidth(639, 'profile')).toBe(575);
    expect(canvasWidth(800, 'profile')).toBe(440);
    expect(canvasWidth(1000, 'profile')).toBe(560);
    expect(canvasWidth(1023, 'profile')).toBe(560);
    expect(canvasWidth(1280, 'profile')).toBe(760);
    expect(canvasWidth(1920, 'profile')).toBe(760);
    expect(canvasWidth(390, 'testHome')).toBe(350);
    expect(canvasWidth(1280, 'testHome')).toBe(1240);
    expect(canvasWidth(30, 'profile')).toBe(0);
    expect(canvasWidth(30, 'testHome')).toBe(0);
  });
});

describe('seeded random source', () => {
  it('repeats its numbers for the same seed and stays within [0, 1)', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const a = seededRandom(seed);
        const b = seededRandom(seed);
        for (let i = 0; i < 50; i++) {
          const value = a();
          expect(value).toBe(b());
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(1);
        }
      }),
    );
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });

  it('draws whole numbers with both ends included', () => {
    const random = seededRandom(5);
    const seen = new Set(Array.from({ length: 500 }, () => randomInt(random, 1, 10)));
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('mock bubbles (spec §3, §9)', () => {
  const MOCK_WHO: Record<Exclude<Category, 'Trust'>, string[]> = {
    Boundaries: ['self', 'others'],
    Intimacy: ['partner', 'close_friend'],
    Communication: ['team', 'family'],
    Conflict: ['colleague', 'friend'],
    'Self-Worth': ['self'],
    Attachment: ['parent', 'partner'],
    Vulnerability: ['therapist', 'close_friend'],
    Growth: ['mentor', 'self'],
    Future: ['future_self'],
  };

  it('number exactly 100 for Trust and 20 to 100 for every other category', () => {
    fc.assert(
      fc.property(categoryArb, seedArb, (category, seed) => {
        const bubbles = generateMockBubbles(category, seededRandom(seed));
        if (category === 'Trust') expect(bubbles).toHaveLength(100);
        else {
          expect(bubbles.length).toBeGreaterThanOrEqual(20);
          expect(bubbles.length).toBeLessThanOrEqual(100);
        }
      }),
    );
    const random = seededRandom(11);
    const counts = new Set(Array.from({ length: 400 }, () => mockBubbleCount('Growth', random)));
    expect(Math.min(...counts)).toBe(20);
    expect(Math.max(...counts)).toBe(100);
  });

  it('name the people spec §3 gives each category, and one of Trust’s for Trust', () => {
    fc.assert(
      fc.property(categoryArb, seedArb, (category, seed) => {
        for (const bubble of generateMockBubbles(category, seededRandom(seed))) {
          if (category === 'Trust') {
            expect(bubble.whoTrusted).toHaveLength(1);
            expect(WHO_OPTIONS.Trust).toContain(bubble.whoTrusted[0]);
          } else {
            expect(bubble.whoTrusted).toEqual(MOCK_WHO[category]);
          }
          for (const who of bubble.whoTrusted) expect(WHO_OPTIONS[category]).toContain(who);
        }
      }),

      { numRuns: 40 },
    );
  });

  it('carry a first name of the 30, 2024 (2025 for Future) and an importance of 1 to 10', () => {
    expect(new Set(MOCK_FIRST_NAMES).size).toBe(30);
    fc.assert(
      fc.property(categoryArb, seedArb, (category, seed) => {
        const bubbles = generateMockBubbles(category, seededRandom(seed));
        for (const bubble of bubbles) {
          expect(bubble.category).toBe(category);
          expect(MOCK_FIRST_NAMES).toContain(bubble.name);
          expect(bubble.when).toBe(category === 'Future' ? '2025' : '2024');
          expect(Number.isInteger(bubble.importance)).toBe(true);
          expect(bubble.importance).toBeGreaterThanOrEqual(1);
          expect(bubble.importance).toBeLessThanOrEqual(10);
        }
      }),

      { numRuns: 40 },
    );
  });

  it('use every name and importance over a category, with ids that mark them as mock and never repeat', () => {
    const bubbles = generateMockBubbles('Trust', seededRandom(3)).concat(
      generateMockBubbles('Trust', seededRandom(4)),
    );
    expect(new Set(bubbles.map((bubble) => bubble.name)).size).toBe(30);
    expect(new Set(bubbles.map((bubble) => bubble.importance)).size).toBe(10);
    const selfWorth = generateMockBubbles('Self-Worth', seededRandom(8));
    expect(selfWorth[0]?.id).toBe('mock-self-worth-1');
    expect(new Set(selfWorth.map((bubble) => bubble.id)).size).toBe(selfWorth.length);
    expect(selfWorth.every(isMockBubble)).toBe(true);
    const real: Pick<Bubble, 'id'> = { id: '0b6f6a8e-2c1d-4d47-9a53-8f5b0f1f4a11' };
    expect(isMockBubble(real)).toBe(false);
  });

  it('are the same for the same seed', () => {
    fc.assert(
      fc.property(categoryArb, seedArb, (category, seed) => {
        expect(generateMockBubbles(category, seededRandom(seed))).toEqual(
          generateMockBubbles(category, seededRandom(seed)),
        );
      }),
      { numRuns: 30 },
    );
  });
});
