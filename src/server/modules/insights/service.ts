import type { InsightFacts, InsightSource } from '@shared/domain/insights';
import { addDays, dayWindow, formatDateRange, zonedInstant } from '@shared/domain/journal';
import { isLocale, type TLocale } from '@shared/domain/locale';
import { href } from '@shared/routes';
import type { TInsight, TLatestInsight } from '@shared/schemas/insights';
import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { AiConfig } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import { summaries, weeks } from '../../db/schema/journal';
import type { Clock } from '../../lib/clock';
import type { FieldCipher } from '../../lib/field-cipher';
import type { Logger } from '../../lib/logger';
import { type PrivateText, privateTextOf } from '../../lib/private-text';
import { listBubbles } from '../bubbles/service';
import {
  type InsightOwner,
  mailOffUrls,
  topicLabel,
  type WeekEntry,
  type WeekRecord,
  weekForInsight,
} from '../journal/service';
import { enqueueMail, listUnsubscribeHeaders, sealPrivateBody } from '../mail/service';
import { renderWeeklyInsight } from '../mail/templates/personal-mail';
import { writeParagraphWithAi } from './ai';
import { analyzeWeek, writeInsightParagraph } from './compute';

/**
 * Weekly insights (issue 14, decision 026): made once per week, when it ends or when day 7 is completed,
 * kept in `summaries`, shown on the dashboard and the week's page, and sent by e-mail to those who asked.
 */

export type InsightsDeps = {
  db: Database;
  clock: Clock;
  /** Seals and opens the insight's text (decision 045). */
  cipher: FieldCipher;
  logger: Logger;
  /** The model that may write the paragraph, for people who switched AI insights on. */
  ai: AiConfig | undefined;
  appUrl: string;
  secret: string;
};

/** What `summaries.content` holds, sealed as one private text. */
type InsightContent = { paragraph: string; facts: InsightFacts };

/** The weekly e-mail goes only for an insight made this soon after its week ended (not for old backlogs). */
export const WEEKLY_EMAIL_WINDOW_MS = 2 * 24 * 60 * 60_000;

function readContent(text: PrivateText, stored: string): InsightContent {
  return JSON.parse(text.open('summaries.content', stored)) as InsightContent;
}

/** The paragraph the insight has, or the computed one in `locale`: the page speaks the reader's language. */
function paragraphIn(
  row: { source: string; locale: string; weekId: string },
  content: InsightContent,
  week: { startDate: string },
  locale: TLocale,
): { paragraph: string; locale: TLocale } {
  if (row.source === 'ai' || row.locale === locale) {
    return { paragraph: content.paragraph, locale: isLocale(row.locale) ? row.locale : 'en' };
  }
  const paragraph = writeInsightParagraph(content.facts, {
    locale,
    seed: row.weekId,
    weekStart: week.startDate,
  });
  return { paragraph, locale };
}

type SummaryRow = typeof summaries.$inferSelect;

function toInsight(
  text: PrivateText,
  row: SummaryRow,
  week: { startDate: string; endDate: string },
  locale: TLocale,
): TInsight {
  const content = readContent(text, row.content);
  const shown = paragraphIn({ ...row, weekId: row.weekId ?? '' }, content, week, locale);
  return {
    weekStart: week.startDate,
    weekEnd: week.endDate,
    source: row.source === 'ai' ? 'ai' : 'computed',
    locale: shown.locale,
    paragraph: shown.paragraph,
    daysReflected: row.daysReflected,
    words: row.words,
    lane: content.facts.lane,
    themes: content.facts.themes,
    people: content.facts.people,
    moment: content.facts.moment,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The insights of some of one person's weeks, by week id, in `locale`. */
export async function insightsOfWeeks(
  db: DbExecutor,
  cipher: FieldCipher,
  input: { userId: string; weeks: readonly WeekRecord[]; locale: TLocale },
): Promise<Map<string, TInsight>> {
  const byId = new Map(input.weeks.map((week) => [week.id, week]));
  const insights = new Map<string, TInsight>();
  if (byId.size === 0) return insights;
  const text = privateTextOf(cipher, input.userId);
  const rows = await db
    .select()
    .from(summaries)
    .where(and(eq(summaries.userId, input.userId), inArray(summaries.weekId, [...byId.keys()])));
  for (const row of rows) {
    const week = row.weekId ? byId.get(row.weekId) : undefined;
    if (week) insights.set(week.id, toInsight(text, row, week, input.locale));
  }
  return insights;
}

/** GET /api/insights/latest: the newest insight, and whether one is due but not made yet. */
export async function latestInsight(
  deps: Pick<InsightsDeps, 'db' | 'clock' | 'cipher'>,
  input: { userId: string; locale: TLocale },
): Promise<TLatestInsight> {
  const [latest] = await deps.db
    .select({ summary: summaries, startDate: weeks.startDate, endDate: weeks.endDate })
    .from(summaries)
    .innerJoin(weeks, eq(weeks.id, summaries.weekId))
    .where(eq(summaries.userId, input.userId))
    .orderBy(desc(weeks.startDate))
    .limit(1);
  const [due] = await deps.db
    .select({ id: weeks.id })
    .from(weeks)
    .where(
      and(
        eq(weeks.userId, input.userId),
        isNotNull(weeks.insightDueAt),
        lte(weeks.insightDueAt, deps.clock.now()),
      ),
    )
    .limit(1);
  return {
    insight: latest
      ? toInsight(privateTextOf(deps.cipher, input.userId), latest.summary, latest, input.locale)
      : null,
    pending: Boolean(due),
  };
}

/** The paragraph: by the model when the person asked for it and one is configured, else (or on failure) computed. */
async function writeParagraph(
  deps: InsightsDeps,
  input: { owner: InsightOwner; week: WeekRecord; entries: readonly WeekEntry[]; facts: InsightFacts },
): Promise<{ paragraph: string; source: InsightSource }> {
  const { owner, week, facts } = input;
  if (deps.ai && owner.aiEnabled && facts.daysReflected > 0) {
    const reflections = input.entries
      .filter((entry) => entry.contentText.trim() !== '' && entry.status === 'completed')
      .map((entry) => ({
        day: entry.day,
        topic: topicLabel(owner.locale, entry.topic),
        text: entry.contentText,
      }));
    const paragraph = await writeParagraphWithAi(
      deps.ai,
      { locale: owner.locale, weekStart: week.startDate, weekEnd: week.endDate, reflections },
      deps.logger,
    );
    if (paragraph) return { paragraph, source: 'ai' };
  }
  const paragraph = writeInsightParagraph(facts, {
    locale: owner.locale,
    seed: week.id,
    weekStart: week.startDate,
  });
  return { paragraph, source: 'computed' };
}

async function weeklyEmail(
  deps: InsightsDeps,
  input: {
    owner: InsightOwner;
    week: WeekRecord;
    paragraph: string;
    source: InsightSource;
    facts: InsightFacts;
  },
) {
  const { owner, week, facts } = input;
  const numbers = new Intl.NumberFormat(owner.locale);
  const off = mailOffUrls(deps, { userId: owner.userId, kind: 'weekly', locale: owner.locale });
  const rendered = await renderWeeklyInsight({
    locale: owner.locale,
    range: formatDateRange(owner.locale, week.startDate, week.endDate),
    paragraph: owner.weeklyEmailQuotes ? input.paragraph : null,
    days: numbers.format(facts.daysReflected),
    words: numbers.format(facts.words),
    model: input.source === 'ai' ? (deps.ai?.model ?? null) : null,
    weekUrl: `${deps.appUrl}${href('historyWeek', { week: week.startDate }, { lang: owner.locale })}`,
    offUrl: off.page,
    appUrl: deps.appUrl,
  });
  return {
    kind: 'weekly_insight',
    messageKey: `weekly-insight:${week.id}`,
    to: owner.email,
    ...rendered,
    headers: listUnsubscribeHeaders(off.oneClick),
  };
}

export type MadeInsight = 'made' | 'gone' | 'superseded';

/**
 * Makes the insight of a claimed week and releases the claim, all in one transaction with the weekly
 * e-mail: kept once per week (the unique week id), sent at most once (the message key). `lease` is the
 * claim's own, so a worker whose claim ran out and was taken over does not release the new holder's.
 */
export async function makeWeekInsight(
  deps: InsightsDeps,
  input: { weekId: string; lease: Date },
): Promise<MadeInsight> {
  const data = await weekForInsight(deps.db, deps.cipher, input.weekId);
  const release = (db: DbExecutor) =>
    db
      .update(weeks)
      .set({ insightDueAt: null, insightLeaseUntil: null })
      .where(and(eq(weeks.id, input.weekId), eq(weeks.insightLeaseUntil, input.lease)))
      .returning({ id: weeks.id });
  if (!data) {
    await release(deps.db);
    return 'gone';
  }
  const { owner, week, entries } = data;
  const names = (await listBubbles(deps, owner.userId)).map((bubble) => bubble.name);
  const { firstDay } = dayWindow(week.startDate, week.startDate, owner.joinedOn);
  const facts = analyzeWeek({ entries, laneTopic: week.topics['5'], names, firstDay });
  const { paragraph, source } = await writeParagraph(deps, { owner, week, entries, facts });
  const now = deps.clock.now();
  const weekEndedAt = zonedInstant(addDays(week.endDate, 1), '00:00', owner.timeZone);
  const mail =
    owner.weeklyEmailEnabled &&
    facts.daysReflected > 0 &&
    now.getTime() - weekEndedAt.getTime() < WEEKLY_EMAIL_WINDOW_MS
      ? await weeklyEmail(deps, { owner, week, paragraph, source, facts })
      : null;
  const content: InsightContent = { paragraph, facts };
  return deps.db.transaction(async (tx) => {
    const released = await release(tx);
    if (released.length === 0) return 'superseded';
    const [inserted] = await tx
      .insert(summaries)
      .values({
        userId: owner.userId,
        weekId: week.id,
        content: privateTextOf(deps.cipher, owner.userId).seal('summaries.content', JSON.stringify(content)),
        source,
        locale: owner.locale,
        daysReflected: facts.daysReflected,
        words: facts.words,
        createdAt: now,
      })
      .onConflictDoNothing({ target: summaries.weekId })
      .returning({ id: summaries.id });
    // The e-mail quotes the week: the outbox keeps its body sealed until it is sent (decision 045).
    if (inserted && mail) await enqueueMail(tx, sealPrivateBody(deps.cipher, mail));
    return 'made';
  });
}
