/**
 * The weekly cycle (spec §4, §9): dates in the user's time zone, ISO weeks, which days are open, the depth of
 * a day's prompt and the topics of a new week. Pure functions, used by the server and the browser.
 */

export const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Day = (typeof DAYS)[number];

export function isDay(value: number): value is Day {
  return Number.isInteger(value) && value >= 1 && value <= 7;
}

/** Topics are stored as these texts (spec §4); the page shows them translated (`topicMessageKey`). */
export const INTRO_TOPICS = ['intro: momentum', 'intro: awareness', 'intro: presence'] as const;
export const CHOOSE_LANE_TOPIC = 'choose lane';
export const CHOOSE_LANE_DAY = 4;
export const LANE_DAY = 5;
/** Days 5, 6 and 7 when the profile has no item for them (spec §4). */
export const FALLBACK_TOPICS = ['personal growth', 'comfort zone', 'challenge'] as const;

/** The three lanes of day 4 (spec §2 choose lane): each reads one list of the profile. */
export const LANES = {
  what_matters: { topic: 'lane: what matters', list: 'what_matters' },
  where_safe: { topic: "lane: where you're safe", list: 'where_safe' },
  edges: { topic: 'lane: edges to explore', list: 'edges' },
} as const;
export type Lane = keyof typeof LANES;
export const LANE_IDS = Object.keys(LANES) as Lane[];
/** Spec §9: a lane shows the first 3 items of its list. */
export const LANE_ITEMS_SHOWN = 3;

export type ProfileLists = { what_matters: string[]; where_safe: string[]; edges: string[] };

/** The topics of a new week (spec §4): intro days, the lane choice, then the profile's first items. */
export function defaultWeekTopics(profile: ProfileLists): Record<string, string> {
  return {
    '1': INTRO_TOPICS[0],
    '2': INTRO_TOPICS[1],
    '3': INTRO_TOPICS[2],
    '4': CHOOSE_LANE_TOPIC,
    '5': profile.what_matters[0] ?? FALLBACK_TOPICS[0],
    '6': profile.where_safe[0] ?? FALLBACK_TOPICS[1],
    '7': profile.edges[0] ?? FALLBACK_TOPICS[2],
  };
}

/** Spec §9: min(day, 2) for days up to 3, otherwise min(day − 2, 4). */
export function promptDepth(day: number): number {
  return day <= 3 ? Math.min(day, 2) : Math.min(day - 2, 4);
}

/** Spec §9: a day is open when its number is at most today's ISO weekday plus one. */
export function isDayOpen(day: number, isoWeekday: number): boolean {
  return day <= isoWeekday + 1;
}

export type DayStatus = 'completed' | 'available' | 'locked' | (string & {});

/** Spec §4: a day with an entry shows the entry's status; otherwise open days are available. */
export function dayStatus(day: number, entryStatus: string | undefined, isoWeekday: number): DayStatus {
  if (entryStatus !== undefined) return entryStatus;
  return isDayOpen(day, isoWeekday) ? 'available' : 'locked';
}

/** The translation key of a topic: its text made into a key (`topics.intro-momentum`). */
export function topicMessageKey(topic: string): `topics.${string}` {
  const slug = topic
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `topics.${slug}`;
}

// ---- dates -------------------------------------------------------------------------------------------

/** A calendar date, `yyyy-MM-dd`. */
export type IsoDate = string;

/** One formatter per zone: creating an `Intl.DateTimeFormat` costs far more than using one. */
const dateFormatters = new Map<string, Intl.DateTimeFormat | null>();
const MAX_CACHED_ZONES = 1000;

const dateParts = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const UTC_FORMATTER = dateParts('UTC');

function dateFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = dateFormatters.get(timeZone);
  if (formatter !== undefined) return formatter;
  try {
    formatter = dateParts(timeZone);
  } catch {
    formatter = null;
  }
  // Zones come from requests: keep the cache bounded (there are only a few hundred real ones).
  if (dateFormatters.size >= MAX_CACHED_ZONES) dateFormatters.clear();
  dateFormatters.set(timeZone, formatter);
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  return dateFormatter(timeZone) !== null;
}

/** The date and ISO weekday (Monday 1 … Sunday 7) it is at `now` in `timeZone` (UTC when it is not valid). */
export function localDay(now: Date, timeZone: string): { date: IsoDate; isoWeekday: number } {
  const formatter = (isValidTimeZone(timeZone) ? dateFormatter(timeZone) : null) ?? UTC_FORMATTER;
  const parts = formatter.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  return { date, isoWeekday: isoWeekdayOf(date) };
}

/** The date in the running program's own time zone (in a browser: the day on the person's calendar). */
export function localIsoDate(now: Date): IsoDate {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function toUtc(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

export function isoWeekdayOf(date: IsoDate): number {
  const weekday = toUtc(date).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Spec §4: weeks start on Monday. */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, 1 - isoWeekdayOf(date));
}

/** ISO 8601 week, like `2025-W12`: the week belongs to the year of its Thursday. */
export function isoWeekString(date: IsoDate): string {
  const thursday = toUtc(addDays(date, 4 - isoWeekdayOf(date)));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The week containing `date`: Monday to Sunday and its ISO name. */
export function weekOf(date: IsoDate): { startDate: IsoDate; endDate: IsoDate; isoWeek: string } {
  const startDate = mondayOf(date);
  return { startDate, endDate: addDays(startDate, 6), isoWeek: isoWeekString(startDate) };
}

// ---- reflections and settings ------------------------------------------------------------------------

/** Spec §5/§9: a reflection counts with at least 10 characters after trimming. */
export const MIN_REFLECTION_LENGTH = 10;
export const MAX_REFLECTION_LENGTH = 20_000;

export function isReflectionLongEnough(text: string): boolean {
  return text.trim().length >= MIN_REFLECTION_LENGTH;
}

/** Spec §9: autosave delays. */
export const ONBOARDING_AUTOSAVE_MS = 1000;
export const REFLECTION_AUTOSAVE_MS = 2000;

/** Spec §9: the default daily reminder. */
export const DEFAULT_REMINDER_TIME = '08:00';

export function isReminderTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}
