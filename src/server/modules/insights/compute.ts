import { createHash } from 'node:crypto';
import {
  type InsightFacts,
  type InsightPerson,
  MAX_INSIGHT_PEOPLE,
  MAX_INSIGHT_THEMES,
  PERSON_ROLES,
  THEME_IDS,
  type ThemeId,
} from '@shared/domain/insights';
import { CHOOSE_LANE_DAY, DAYS, isDayCompleted, LANE_IDS, LANES, type Lane } from '@shared/domain/journal';
import type { TLocale } from '@shared/domain/locale';
import { foldPlain } from '@shared/domain/text-search';
import { messagesFor, translate } from '../site/service';
import { type KeywordMatcher, keywordMatcher, PERSON_KEYWORDS, THEME_KEYWORDS } from './keywords';

/**
 * The computed insight of a week (issue 14, decision 026): counted and noticed in the week's own text and
 * choices, without any network, then written as a short paragraph from the templates `insights.text.*` of
 * the i18n files, varied by the week so that two weeks rarely read alike.
 */

/** A reflection as the insight reads it. */
export type InsightEntry = { day: number; status: string; contentText: string };

const WORDS = /[\p{L}\p{N}]+/gu;
const MOMENT_MIN_LENGTH = 25;
const MOMENT_MAX_LENGTH = 180;

const themeMatchers = THEME_IDS.map((id) => [id, keywordMatcher(THEME_KEYWORDS[id])] as const);
const roleMatchers = PERSON_ROLES.map((role) => [role, keywordMatcher(PERSON_KEYWORDS[role])] as const);

function foldedWords(text: string): string[] {
  return foldPlain(text).match(WORDS) ?? [];
}

function firstMatch<T>(word: string, matchers: readonly (readonly [T, KeywordMatcher])[]): T | undefined {
  return matchers.find(([, matches]) => matches(word))?.[0];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The names (of the person's bubbles) that occur as whole words in a folded text, with their position. */
function namesIn(folded: string, names: readonly { name: string; pattern: RegExp }[]) {
  return names.flatMap(({ name, pattern }) => {
    const at = folded.search(pattern);
    return at === -1 ? [] : [{ name, at }];
  });
}

function namePatterns(names: readonly string[]) {
  return [...new Set(names.map((name) => name.trim()).filter((name) => name.length >= 2))].map((name) => ({
    name,
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(foldPlain(name))}(?![\\p{L}\\p{N}])`, 'u'),
  }));
}

/** The lane a week's day-5 topic stands for, if one was chosen. */
export function laneOfTopic(topic: string | undefined): Lane | null {
  return LANE_IDS.find((lane) => LANES[lane].topic === topic) ?? null;
}

/**
 * What a week's completed reflections hold: how many and how many words, the themes most often touched, the
 * people named (by relation, or by a name from the person's bubbles), and one sentence worth quoting back.
 */
export function analyzeWeek(input: {
  entries: readonly InsightEntry[];
  laneTopic: string | undefined;
  /** The names the person gave the people in their bubbles. */
  names: readonly string[];
  /** The first day of the week that was the person's (decision 067); 1 unless it is the week they joined. */
  firstDay?: number;
}): InsightFacts {
  const firstDay = input.firstDay ?? 1;
  const reflections = input.entries
    .filter((entry) => entry.day !== CHOOSE_LANE_DAY && isDayCompleted(entry.status))
    .sort((a, b) => a.day - b.day);
  const names = namePatterns(input.names);
  const themeCounts = new Map<ThemeId, number>();
  const people: { person: InsightPerson; at: number }[] = [];
  const seen = new Set<string>();
  const notice = (person: InsightPerson, at: number) => {
    const key = person.kind === 'role' ? `role:${person.role}` : `name:${foldPlain(person.name)}`;
    if (seen.has(key)) return;
    seen.add(key);
    people.push({ person, at });
  };
  let words = 0;
  let moment: { day: number; text: string; score: number } | null = null;

  for (const [index, entry] of reflections.entries()) {
    const text = entry.contentText;
    words += text.match(/\S+/g)?.length ?? 0;
    // People are ordered by where they first appear: the entry, then the position in its folded text.
    const base = index * 1_000_000;
    const folded = foldPlain(text);
    for (const match of folded.matchAll(WORDS)) {
      const theme = firstMatch(match[0], themeMatchers);
      if (theme) themeCounts.set(theme, (themeCounts.get(theme) ?? 0) + 1);
      const role = firstMatch(match[0], roleMatchers);
      if (role) notice({ kind: 'role', role }, base + match.index);
    }
    for (const { name, at } of namesIn(folded, names)) notice({ kind: 'name', name }, base + at);

    for (const sentence of text.split(/(?<=[.!?…])\s+|\n+/u)) {
      const candidate = sentence.trim();
      if (candidate.length < MOMENT_MIN_LENGTH || candidate.length > MOMENT_MAX_LENGTH) continue;
      const score =
        foldedWords(candidate).filter(
          (word) => firstMatch(word, themeMatchers) || firstMatch(word, roleMatchers),
        ).length + namesIn(foldPlain(candidate), names).length;
      if (score > 0 && (!moment || score > moment.score)) moment = { day: entry.day, text: candidate, score };
    }
  }

  const themes = [...themeCounts]
    .sort((a, b) => b[1] - a[1] || THEME_IDS.indexOf(a[0]) - THEME_IDS.indexOf(b[0]))
    .slice(0, MAX_INSIGHT_THEMES)
    .map(([theme]) => theme);
  const chosen: { day: number; text: string } | null = moment;
  return {
    daysReflected: reflections.length,
    daysOpen: DAYS.filter((day) => day >= firstDay && day !== CHOOSE_LANE_DAY).length,
    words,
    lane: laneOfTopic(input.laneTopic),
    themes,
    people: people
      .sort((a, b) => a.at - b.at)
      .slice(0, MAX_INSIGHT_PEOPLE)
      .map(({ person }) => person),
    moment: chosen ? { day: chosen.day, text: chosen.text } : null,
  };
}

// ---- the paragraph ---------------------------------------------------------------------------------

/** How many variants a template has: `insights.text.<part>.1`, `.2`, … as far as the English file goes. */
const variantCounts = new Map<string, number>();
function variantCount(part: string): number {
  let count = variantCounts.get(part);
  if (count === undefined) {
    const messages = messagesFor('en');
    count = 0;
    while (messages[`insights.text.${part}.${count + 1}`] !== undefined) count += 1;
    variantCounts.set(part, count);
  }
  return count;
}

/** One variant of a template part, the same for the same week and part, different between weeks. */
function pick(part: string, seed: string): string {
  const count = variantCount(part);
  if (count === 0) throw new Error(`no insight template insights.text.${part}.1`);
  const index = createHash('sha256').update(`${seed}/${part}`).digest().readUInt32BE(0) % count;
  return `insights.text.${part}.${index + 1}`;
}

function personLabel(locale: TLocale, person: InsightPerson): string {
  return person.kind === 'name' ? person.name : translate(locale, `insights.person.${person.role}`);
}

function listOf(locale: TLocale, items: readonly string[]): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
}

/** The weekday of a week's day, e.g. "Tuesday" / "Dienstag" (day 1 is Monday). */
function weekdayName(locale: TLocale, weekStart: string, day: number): string {
  const date = new Date(`${weekStart}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + day - 1);
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * The paragraph of a computed insight in `locale`: an opening by how much was written, the themes, the
 * people, the lane, a sentence quoted back, and a closing. `seed` (the week's id) picks the variants, so the
 * same insight reads the same every time it is shown.
 */
export function writeInsightParagraph(
  facts: InsightFacts,
  input: { locale: TLocale; seed: string; weekStart: string },
): string {
  const { locale, seed } = input;
  const say = (part: string, params: Record<string, string> = {}) =>
    translate(locale, pick(part, seed), params);
  if (facts.daysReflected === 0) return [say('empty'), say('closingEmpty')].join(' ');

  const numbers = new Intl.NumberFormat(locale);
  // Prose spells small numbers out: "on three days", "an drei Tagen".
  const dayKey = `insights.number.${facts.daysReflected}`;
  const dayWord = translate(locale, dayKey);
  const counts = {
    days: dayWord === dayKey ? numbers.format(facts.daysReflected) : dayWord,
    words: numbers.format(facts.words),
  };
  // "Every day" is said of the days that were the person's: all six, or fewer in the week they joined.
  const full = facts.daysReflected >= (facts.daysOpen ?? 6) && facts.daysReflected >= 2;
  const opener = full ? 'full' : facts.daysReflected >= 2 ? 'steady' : 'single';
  const sentences = [say(opener, counts)];
  if (facts.themes.length > 0) {
    const themes = listOf(
      locale,
      facts.themes.map((theme) => translate(locale, `insights.theme.${theme}`)),
    );
    sentences.push(say(facts.themes.length === 1 ? 'themes.one' : 'themes.many', { themes }));
  }
  if (facts.people.length > 0) {
    const people = listOf(
      locale,
      facts.people.map((person) => personLabel(locale, person)),
    );
    sentences.push(say(facts.people.length === 1 ? 'people.one' : 'people.many', { people }));
  }
  if (facts.lane) sentences.push(translate(locale, `insights.text.lane.${facts.lane}`));
  if (facts.moment) {
    sentences.push(
      say('moment', {
        weekday: weekdayName(locale, input.weekStart, facts.moment.day),
        quote: facts.moment.text,
      }),
    );
  }
  sentences.push(say('closing'));
  return sentences.join(' ');
}
