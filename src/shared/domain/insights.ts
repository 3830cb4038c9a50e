import type { Lane } from './journal';

/**
 * A week's insight (issue 14): what is counted and noticed in a week's reflections, shared by the server that
 * makes it and the browser that shows it. Theme and person ids are translated as `insights.theme.<id>` and
 * `insights.person.<id>`.
 */

export const THEME_IDS = [
  'trust',
  'boundaries',
  'communication',
  'closeness',
  'conflict',
  'self_worth',
  'family',
  'friendship',
  'work',
  'gratitude',
  'joy',
  'worry',
  'sadness',
  'anger',
  'loneliness',
  'rest',
  'change',
] as const;
export type ThemeId = (typeof THEME_IDS)[number];

/** The people a reflection can name by their relation to the writer; `_f` where German says it apart. */
export const PERSON_ROLES = [
  'partner',
  'partner_f',
  'husband',
  'wife',
  'mother',
  'father',
  'parents',
  'sister',
  'brother',
  'daughter',
  'son',
  'child',
  'grandmother',
  'grandfather',
  'friend',
  'friend_f',
  'colleague',
  'colleague_f',
  'boss',
  'boss_f',
  'therapist',
  'therapist_f',
  'neighbour',
  'neighbour_f',
] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

/** Someone who came up: by relation ("your sister") or by a name the person gave a bubble ("Robin"). */
export type InsightPerson = { kind: 'role'; role: PersonRole } | { kind: 'name'; name: string };

/** What a week's insight is made from. Counts are public to the page; the rest is private text. */
export type InsightFacts = {
  /** Days with a completed reflection (day 4's lane choice is not a reflection). */
  daysReflected: number;
  /**
   * The reflection days that were the person's (decision 067: fewer in the week they joined); absent in
   * insights made before, which were always six.
   */
  daysOpen?: number;
  words: number;
  lane: Lane | null;
  /** At most three, the most frequent first. */
  themes: ThemeId[];
  /** At most four, in order of first appearance. */
  people: InsightPerson[];
  /** One sentence of the week, quoted back. */
  moment: { day: number; text: string } | null;
};

export const INSIGHT_SOURCES = ['computed', 'ai'] as const;
export type InsightSource = (typeof INSIGHT_SOURCES)[number];

/** How many themes and people an insight names. */
export const MAX_INSIGHT_THEMES = 3;
export const MAX_INSIGHT_PEOPLE = 4;
