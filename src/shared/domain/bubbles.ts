/**
 * The bubble profile (spec §3, §9): ten categories of remembered relationship moments, the questionnaire's
 * answers ("bubbles"), the mock bubbles shown beside a person's own, and the sizes of the canvas. Pure data
 * and functions, used by the browser and the server. Texts are translated by key (`bubbles.*` in the i18n files).
 */

export const CATEGORIES = [
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
] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = 'Trust';
/** The profile's dropdown has "All" before the ten. */
export const ALL = 'All';
export type CategoryChoice = Category | typeof ALL;

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/** `?category=` of /app (default Trust) and /profile (also "All"); see isUnknownCategoryQuery for the rest. */
export function categoryFromQuery(value: string | null, allowAll: boolean): CategoryChoice {
  if (allowAll && value === ALL) return ALL;
  return isCategory(value) ? value : DEFAULT_CATEGORY;
}

/** A `?category=` that names no category (nor "All" where that is allowed): a not-found state, not Trust. */
export function isUnknownCategoryQuery(value: string | null, allowAll: boolean): boolean {
  if (value === null || value === '') return false;
  return !isCategory(value) && !(allowAll && value === ALL);
}

/** The lowercase slug used in storage keys, cookie names and translation keys ("self-worth"). */
export function categorySlug(category: Category): string {
  return category.toLowerCase();
}

/**
 * The six answers of each category's "who" question, as ids (translated as `bubbles.who.<id>`). Each list
 * holds the people the spec's mock bubbles name for that category (spec §3).
 */
export const WHO_OPTIONS: Record<Category, readonly string[]> = {
  Trust: ['partner', 'close_friend', 'family', 'colleague', 'self', 'someone_new'],
  Boundaries: ['self', 'others', 'partner', 'family', 'colleague', 'friend'],
  Intimacy: ['partner', 'close_friend', 'family', 'self', 'someone_new', 'friend'],
  Communication: ['team', 'family', 'partner', 'friend', 'colleague', 'self'],
  Conflict: ['colleague', 'friend', 'partner', 'family', 'neighbour', 'self'],
  'Self-Worth': ['self', 'partner', 'family', 'friend', 'colleague', 'mentor'],
  Attachment: ['parent', 'partner', 'close_friend', 'family', 'child', 'self'],
  Vulnerability: ['therapist', 'close_friend', 'partner', 'family', 'friend', 'self'],
  Growth: ['mentor', 'self', 'partner', 'friend', 'colleague', 'therapist'],
  Future: ['future_self', 'partner', 'family', 'friend', 'self', 'child'],
};

/** Every id a "who" question offers, in any category (never empty: Trust's six are among them). */
export const WHO_OPTION_IDS = [...new Set(Object.values(WHO_OPTIONS).flat())] as unknown as readonly [
  string,
  ...string[],
];

/**
 * Whether `who` is an answer the category's "who" question can give: at least one of its six options, each
 * once (spec §5: the step needs a choice). The server takes nothing else (issue 35).
 */
export function isWhoAnswer(category: Category, who: readonly string[]): boolean {
  const options = WHO_OPTIONS[category];
  return who.length >= 1 && new Set(who).size === who.length && who.every((id) => options.includes(id));
}

/** The seven answers of every "when" question (spec §3), translated as `bubbles.when.<id>`. */
export const WHEN_OPTIONS = [
  'today',
  'few_days_ago',
  'few_weeks_ago',
  'some_months_ago',
  'within_last_year',
  'years_ago',
  'dont_remember',
] as const;
export type WhenOption = (typeof WHEN_OPTIONS)[number];

export function isWhenOption(value: string): value is WhenOption {
  return (WHEN_OPTIONS as readonly string[]).includes(value);
}

/** Spec §5/§9: the importance slider runs 0–10 in steps of 1 and starts at 5; a bubble without one is 5. */
export const IMPORTANCE_MIN = 0;
export const IMPORTANCE_MAX = 10;
export const DEFAULT_IMPORTANCE = 5;
export const MAX_BUBBLE_NAME_LENGTH = 80;
/** How many bubbles one save may carry (a sign-in merge sends more in several saves). */
export const MAX_BUBBLES_PER_REQUEST = 500;

/**
 * One remembered moment (spec §3 Bubble). `id` and `createdAt` are made by the browser when the answer is
 * given, so the same bubble saved twice (say, from two tabs, or merged at sign-in) is still one bubble.
 * `when` is a WhenOption id, or free text for mock bubbles ("2024") and for a person's bubbles saved before
 * the server took only the options.
 */
export type Bubble = {
  id: string;
  category: Category;
  whoTrusted: string[];
  name: string;
  when: string;
  importance: number;
  createdAt: string;
};

/** The importance a bubble is drawn and shown with: its own, or 5 when missing or not a number (spec §3). */
export function bubbleImportance(bubble: { importance?: number | null }): number {
  const value = bubble.importance;
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_IMPORTANCE;
  return Math.min(IMPORTANCE_MAX, Math.max(IMPORTANCE_MIN, Math.round(value)));
}

// ---- mock bubbles (spec §3, §9) -----------------------------------------------------------------------

/** A repeatable random source (mulberry32): the same seed gives the same bubbles and the same layout. */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from `min` to `max`, both included. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export const MOCK_FIRST_NAMES = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'Lucas',
  'Mia',
  'Mason',
  'Isabella',
  'Ethan',
  'Amelia',
  'Leon',
  'Harper',
  'James',
  'Mila',
  'Ben',
  'Lina',
  'Paul',
  'Hannah',
  'Jonas',
  'Lea',
  'Felix',
  'Clara',
  'Max',
  'Sofia',
  'David',
  'Nora',
  'Elias',
] as const;

/** Spec §3: who the mock bubbles of each category name. Trust names one of its people at random. */
const MOCK_WHO: Record<Category, readonly string[] | null> = {
  Trust: null,
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

/** Spec §9: Trust has 100 mock bubbles, every other category a random 20 to 100. */
export const TRUST_MOCK_COUNT = 100;
export const MOCK_COUNT_MIN = 20;
export const MOCK_COUNT_MAX = 100;

export function mockBubbleCount(category: Category, random: Random): number {
  return category === 'Trust' ? TRUST_MOCK_COUNT : randomInt(random, MOCK_COUNT_MIN, MOCK_COUNT_MAX);
}

/** Spec §3/§9: the mock bubbles of a category (ids `mock-<slug>-<n>`, importance 1–10, when 2024 or 2025). */
export function generateMockBubbles(category: Category, random: Random): Bubble[] {
  const count = mockBubbleCount(category, random);
  const slug = categorySlug(category);
  const who = MOCK_WHO[category];
  const trustPeople = WHO_OPTIONS.Trust;
  return Array.from({ length: count }, (_, n) => ({
    id: `mock-${slug}-${n + 1}`,
    category,
    whoTrusted: who ? [...who] : [trustPeople[randomInt(random, 0, trustPeople.length - 1)] ?? 'partner'],
    name: MOCK_FIRST_NAMES[randomInt(random, 0, MOCK_FIRST_NAMES.length - 1)] ?? 'Emma',
    when: category === 'Future' ? '2025' : '2024',
    importance: randomInt(random, 1, 10),
    createdAt: '2024-01-01T00:00:00.000Z',
  }));
}

export function isMockBubble(bubble: Pick<Bubble, 'id'>): boolean {
  return bubble.id.startsWith('mock-');
}

/** Spec §9: how many bubbles All mode shows at first and adds per "load more", and on the test home. */
export const ALL_SAMPLE_SIZE = 50;
export const TEST_HOME_ALL_COUNT = 100;

// ---- sizes (spec §9) ----------------------------------------------------------------------------------

export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

/** Spec §9: mobile below 640 px, tablet 640 to 1023, desktop from 1024. */
export function breakpointOf(viewportWidth: number): Breakpoint {
  if (viewportWidth < 640) return 'mobile';
  if (viewportWidth < 1024) return 'tablet';
  return 'desktop';
}

export const BUBBLE_DIAMETERS: Record<Breakpoint, { min: number; max: number }> = {
  mobile: { min: 40, max: 100 },
  tablet: { min: 45, max: 120 },
  desktop: { min: 50, max: 140 },
};

/** Spec §9: diameter = min + importance / 10 × (max − min). */
export function bubbleDiameter(importance: number, viewportWidth: number): number {
  const { min, max } = BUBBLE_DIAMETERS[breakpointOf(viewportWidth)];
  return min + (bubbleImportance({ importance }) / IMPORTANCE_MAX) * (max - min);
}

/** Spec §9: the canvas width on /profile and on /testhome. */
export function canvasWidth(viewportWidth: number, page: 'profile' | 'testHome'): number {
  if (page === 'testHome') return Math.max(0, viewportWidth - 40);
  switch (breakpointOf(viewportWidth)) {
    case 'mobile':
      return Math.max(0, viewportWidth - 64);
    case 'tablet':
      return Math.min(600, viewportWidth * 0.6) - 40;
    case 'desktop':
      return 760;
  }
}

/** Spec §9: placement constants (see bubble-layout.ts). */
export const PLACEMENT = {
  maxTries: 1000,
  overlapTolerancePx: 2,
  touchingTolerancePx: 5,
  marginPx: 20,
} as const;

/** Spec §9: the detail overlay; narrow viewports (< 768 px) use min(90% width, 90% height, 400) − margin. */
export const OVERLAY_SIZE_PX = 500;
export const OVERLAY_NARROW_MAX_PX = 400;
export const OVERLAY_MARGIN_PX = 16;
export const OVERLAY_NARROW_BELOW_PX = 768;

/** Spec §4: the overlay's eased progress runs in steps of 2 up to 10, every 30 ms. */
export const OVERLAY_PROGRESS = { step: 2, max: 10, intervalMs: 30 } as const;

/** Spec §4/§9: the new-bubble highlight. */
export const HIGHLIGHT_MS = 4500;
export const JUST_ADDED_VALID_MS = 2 * 60_000;
export const HIGHLIGHT_SCROLL_FRACTION = 0.4;

/** Spec §9: from the test home's intro to /app. */
export const INTRO_TO_APP_MS = 2000;
