import { href } from '../routes';

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

/**
 * Spec §9: a day is open when its number is at most today's day of the week plus one. `reached` is today's
 * day in that week (its ISO weekday; 0 on the Sunday before a week that has not begun, less before that),
 * `firstDay` the first day that is the person's (decision 067: in the week they joined, the days before
 * their first day are not theirs).
 */
export function isDayOpen(day: number, reached: number, firstDay = 1): boolean {
  return day >= firstDay && day <= reached + 1;
}

/**
 * Decision 067, a first week that starts where the person starts: someone who finishes onboarding on a
 * Monday, Tuesday or Wednesday begins in that week, on the day they joined (five to seven days, the lane
 * choice among them); someone who joins from Thursday on begins on the next Monday, whose first day opens
 * on the Sunday before (spec §9).
 */
export function firstWeekMonday(joinedOn: IsoDate): IsoDate {
  const monday = mondayOf(joinedOn);
  return isoWeekdayOf(joinedOn) <= 3 ? monday : addDays(monday, 7);
}

/** The person's days of the week that starts on `monday`: the first that is theirs, and today's. */
export type DayWindow = { firstDay: number; reached: number };

export function dayWindow(monday: IsoDate, today: IsoDate, joinedOn: IsoDate | null): DayWindow {
  const reached = daysBetween(monday, today) + 1;
  if (joinedOn === null || joinedOn <= monday) return { firstDay: 1, reached };
  return { firstDay: Math.min(daysBetween(monday, joinedOn) + 1, 8), reached };
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/**
 * What an entry says about its day (issue 14, honest day states): opening a day starts it; it is completed
 * once at least 10 trimmed characters are saved (spec §5), or, for day 4, once a lane is chosen.
 */
export const ENTRY_STATUSES = ['started', 'completed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** `before_start`: a day of the week the person joined that came before their first day (decision 067). */
export type DayStatus = EntryStatus | 'available' | 'locked' | 'before_start' | (string & {});

/** The status a reflection's text gives its day: the one rule behind badges, counters and reminders. */
export function reflectionStatus(text: string): EntryStatus {
  return isReflectionLongEnough(text) ? 'completed' : 'started';
}

/** Whether a day counts as done: for the progress, the reminders ("not yet done") and the week's insight. */
export function isDayCompleted(entryStatus: string | undefined): boolean {
  return entryStatus === 'completed';
}

/**
 * Spec §4: a day with an entry shows the entry's status; otherwise open days are available, and a day before
 * the person's first day is not theirs (decision 067).
 */
export function dayStatus(
  day: number,
  entryStatus: string | undefined,
  reached: number,
  firstDay = 1,
): DayStatus {
  if (entryStatus !== undefined) return entryStatus;
  if (day < firstDay) return 'before_start';
  return isDayOpen(day, reached, firstDay) ? 'available' : 'locked';
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

/** Made when first needed, not when this module loads: the first `Intl` zone costs ~50 ms in a browser. */
function utcFormatter(): Intl.DateTimeFormat {
  return dateFormatter('UTC') ?? dateParts('UTC');
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  return dateFormatter(timeZone) !== null;
}

/** The date and ISO weekday (Monday 1 … Sunday 7) it is at `now` in `timeZone` (UTC when it is not valid). */
export function localDay(now: Date, timeZone: string): { date: IsoDate; isoWeekday: number } {
  const formatter = (isValidTimeZone(timeZone) ? dateFormatter(timeZone) : null) ?? utcFormatter();
  const parts = formatter.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  return { date, isoWeekday: isoWeekdayOf(date) };
}

/** One formatter per zone for the wall-clock time, like `dateFormatter`. */
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(timeZone);
  if (formatter) return formatter;
  formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  if (wallClockFormatters.size >= MAX_CACHED_ZONES) wallClockFormatters.clear();
  wallClockFormatters.set(timeZone, formatter);
  return formatter;
}

/** How far the wall clock in `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = wallClockFormatter(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` at `time` (HH:MM), by the zone's rules
 * on that date. A time that a daylight-saving change skips (02:30 on a spring-forward night in Berlin) is
 * moved on by the length of the gap (03:30); a time that happens twice (02:30 on a fall-back night) is the
 * first of the two. An invalid zone counts as UTC.
 */
export function zonedInstant(date: IsoDate, time: string, timeZone: string): Date {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const wall = toUtc(date).getTime() + (hours * 60 + minutes) * 60_000;
  // The offsets in force a day either side cover both sides of any change on this date.
  const before = zoneOffsetMs(wall - 86_400_000, zone);
  const after = zoneOffsetMs(wall + 86_400_000, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => instant + zoneOffsetMs(instant, zone) === wall)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - before);
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

/** The date of a day (1 = Monday) of the week that starts on `monday`. */
export function dateOfDay(monday: IsoDate, day: number): IsoDate {
  return addDays(monday, day - 1);
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

/** A span of dates as a person reads them in `locale`: "2–8 March 2026", "2.–8. März 2026". */
export function formatDateRange(locale: string, start: IsoDate, end: IsoDate): string {
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.formatRange(toUtc(start), toUtc(end));
}

const dateFormats = {
  /** "Mon, Mar 2" / "Mo., 2. März" */
  short: { weekday: 'short', day: 'numeric', month: 'short' },
  /** "Monday, March 2" / "Montag, 2. März" */
  long: { weekday: 'long', day: 'numeric', month: 'long' },
  /** "Monday, March 2, 2026" / "Montag, 2. März 2026" */
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A day's date (yyyy-MM-dd) with its weekday, in the reader's language. */
export function formatDayDate(locale: string, date: string, style: keyof typeof dateFormats): string {
  return new Intl.DateTimeFormat(locale, { ...dateFormats[style], timeZone: 'UTC' }).format(toUtc(date));
}

/** The week containing `date`: Monday to Sunday and its ISO name. */
export function weekOf(date: IsoDate): { startDate: IsoDate; endDate: IsoDate; isoWeek: string } {
  const startDate = mondayOf(date);
  return { startDate, endDate: addDays(startDate, 6), isoWeek: isoWeekString(startDate) };
}

/** Where a day is written: day 4 is the lane choice (spec §2), every other day its reflection page. */
export function dayHref(day: number, query?: Record<string, string>): string {
  return day === CHOOSE_LANE_DAY ? href('chooseLane', query) : href('reflectDay', { day }, query);
}

// ---- reflections and settings ------------------------------------------------------------------------

/**
 * Spec §5/§9: a reflection counts with at least 10 characters after trimming. A character is what a person
 * sees as one (a grapheme: an emoji, a flag, a letter with its accent), not a UTF-16 unit, so five emoji are
 * five characters, on the counter and for the rule alike.
 */
export const MIN_REFLECTION_LENGTH = 10;
/** At most this many characters (graphemes) in a reflection. */
export const MAX_REFLECTION_LENGTH = 20_000;
/** A guard on the stored size: no grapheme of a real text is longer than this many UTF-16 units on average. */
export const MAX_REFLECTION_UNITS = MAX_REFLECTION_LENGTH * 10;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Units each of which is a character of its own, whatever stands beside it (no CR: CR LF is one). */
const ONE_UNIT_CHARACTERS = /^[\t\x20-\x7e\u00a0-\u00ff\u2010-\u2027]*$/;

/**
 * How many characters a person sees in `text`, counting no further than `atMost`. Segmenting is slow on a
 * long text, so it runs only on the lines that need it: no character spans a line feed.
 */
export function characterCount(text: string, atMost = Number.POSITIVE_INFINITY): number {
  let count = 0;
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (ONE_UNIT_CHARACTERS.test(line)) count += line.length;
    else for (const _ of graphemes.segment(line)) if (++count >= atMost) return atMost;
    // The line feed is a character, except after a CR: CR LF is one.
    if (index < lines.length - 1 && !line.endsWith('\r')) count++;
    if (count >= atMost) return atMost;
  }
  return count;
}

export function isReflectionLongEnough(text: string): boolean {
  return characterCount(text.trim(), MIN_REFLECTION_LENGTH) >= MIN_REFLECTION_LENGTH;
}

export function isReflectionWithinLimit(text: string): boolean {
  if (text.length <= MAX_REFLECTION_LENGTH) return true;
  return text.length <= MAX_REFLECTION_UNITS && characterCount(text) <= MAX_REFLECTION_LENGTH;
}

/** `text` with no more than `room` characters (and `units` UTF-16 units), and how many it left out. */
function cutToFit(text: string, room: number, units: number): { text: string; leftOut: number } {
  let kept = 0;
  let end = 0;
  let leftOut = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    if (kept < room && index + segment.length <= units) {
      kept++;
      end = index + segment.length;
    } else leftOut++;
  }
  return { text: text.slice(0, end), leftOut };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * `next` (the text after a change of `previous`) within the limit, and how many characters it left out
 * (0 when it fits), so that the editor can say so. Only what the change added is cut, from its end: text
 * that was there already, before or after it, stays.
 */
export function fitReflection(next: string, previous = ''): { text: string; leftOut: number } {
  if (isReflectionWithinLimit(next)) return { text: next, leftOut: 0 };
  let before = 0;
  const shortest = Math.min(next.length, previous.length);
  while (before < shortest && next[before] === previous[before]) before++;
  if (before > 0 && isHighSurrogate(next.charCodeAt(before - 1))) before--;
  let after = 0;
  while (after < shortest - before && next[next.length - 1 - after] === previous[previous.length - 1 - after])
    after++;
  if (after > 0 && isHighSurrogate(next.charCodeAt(next.length - 1 - after))) after--;
  const head = next.slice(0, before);
  const tail = next.slice(next.length - after);
  const room = MAX_REFLECTION_LENGTH - characterCount(head) - characterCount(tail);
  const added = cutToFit(
    next.slice(before, next.length - after),
    Math.max(room, 0),
    MAX_REFLECTION_UNITS - head.length - tail.length,
  );
  const text = head + added.text + tail;
  if (isReflectionWithinLimit(text)) return { text, leftOut: added.leftOut };
  // Only when the text was past the limit already: its end goes.
  const whole = cutToFit(next, MAX_REFLECTION_LENGTH, MAX_REFLECTION_UNITS);
  return whole;
}

/** Spec §9: autosave delays. */
export const ONBOARDING_AUTOSAVE_MS = 1000;
export const REFLECTION_AUTOSAVE_MS = 2000;

/** Spec §9: the default daily reminder. */
export const DEFAULT_REMINDER_TIME = '08:00';

export function isReminderTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}
