import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** What onboarding built and the settings changed (spec §3 profile_v0). */
export type ProfileV0 = {
  answers: string[];
  /** The version of each answer, counted up by each save that changes it (decision 064; rows before: absent). */
  answer_versions?: number[];
  what_matters: string[];
  where_safe: string[];
  edges: string[];
  ai_enabled: boolean;
  reminder_time: string;
  /** The daily reminder e-mail is sent (issue 14); off until the person switches it on (rows before: absent). */
  reminder_enabled?: boolean;
  /** The weekly insight is also sent by e-mail (issue 14); off until the person switches it on. */
  weekly_email_enabled?: boolean;
  /** The weekly e-mail carries the insight's text, quotes and all (issue 34); off: figures and a link only. */
  weekly_email_quotes?: boolean;
  /**
   * The local date the person finished onboarding, set once (decision 067): their first week starts from it.
   * Rows before: absent, and their weeks open as they always did.
   */
  first_day?: string | null;
};

/** One per user (spec §3 profiles), with the time zone the browser reports, to know the user's "today". */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true, mode: 'date' }),
  profileV0: jsonb('profile_v0').$type<ProfileV0>().notNull(),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** The language the person uses Mirror in (the locale cookie of their requests): their e-mails' language. */
  locale: text('locale').notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The topic of each day of a week, keyed "1" to "7" (spec §3 structure.topics). */
export type WeekStructure = { topics: Record<string, string> };

/** A user's week, Monday to Sunday (spec §3 weeks); one per user and start date. */
export const weeks = pgTable(
  'weeks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isoWeek: text('iso_week').notNull(),
    structure: jsonb('structure').$type<WeekStructure>().notNull(),
    /**
     * When the week's insight is to be made (issue 14): the Monday after, at midnight in the person's zone,
     * or at once when day 7 is completed. Null once it is made.
     */
    insightDueAt: timestamp('insight_due_at', { withTimezone: true, mode: 'date' }),
    /** A worker making the insight holds the week until then (another takes it over after). */
    insightLeaseUntil: timestamp('insight_lease_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('weeks_user_start_uq').on(table.userId, table.startDate),
    index('weeks_insight_due_idx').on(table.insightDueAt).where(sql`${table.insightDueAt} is not null`),
  ],
);

/** Reflection prompts by topic, depth (1-4) and language, seeded from the prompt library (spec §3 prompts). */
export const prompts = pgTable(
  'prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable name in the library, so reseeding updates a prompt instead of adding a copy. */
    key: text('key').notNull().unique(),
    topic: text('topic').notNull(),
    locale: text('locale').notNull(),
    text: text('text').notNull(),
    depth: integer('depth').notNull(),
    intensity: integer('intensity').notNull(),
  },
  (table) => [
    index('prompts_topic_depth_idx').on(table.topic, table.locale, table.depth),
    check('prompts_depth_ck', sql`${table.depth} between 1 and 4`),
    check('prompts_locale_ck', sql`${table.locale} in ('en', 'de')`),
  ],
);

/** One reflection per user, week and day (spec §3 entries). */
export const entries = pgTable(
  'entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekId: uuid('week_id')
      .notNull()
      .references(() => weeks.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    topic: text('topic').notNull(),
    promptId: uuid('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    /** Private: read and written only through `lib/private-text.ts`. */
    contentText: text('content_text').notNull().default(''),
    /** 'started' when opened, 'completed' once the text is long enough (`reflectionStatus`) or the lane chosen. */
    status: text('status').notNull().default('started'),
    replacementsCount: integer('replacements_count').notNull().default(0),
    /**
     * Counts the saves of the text: a save names the version it was written over and is refused when the
     * entry has moved on since (another device saved meanwhile), so no save replaces text it never saw.
     */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('entries_week_day_uq').on(table.weekId, table.day),
    index('entries_user_idx').on(table.userId),
    check('entries_day_ck', sql`${table.day} between 1 and 7`),
  ],
);

/**
 * The insight of a week (spec §3 summaries, issue 14), one per week; removed with the user's data. `content`
 * is private (the paragraph and the themes, people and moment it was made from, as JSON), read and written
 * only through `lib/private-text.ts`; the counts beside it are not.
 */
export const summaries = pgTable(
  'summaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekId: uuid('week_id').references(() => weeks.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** 'computed' (templates on this server) or 'ai' (the configured model wrote the paragraph). */
    source: text('source').notNull().default('computed'),
    /** The language the paragraph was written in. */
    locale: text('locale').notNull().default('en'),
    daysReflected: integer('days_reflected').notNull().default(0),
    words: integer('words').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('summaries_user_idx').on(table.userId),
    uniqueIndex('summaries_week_uq').on(table.weekId),
    check('summaries_source_ck', sql`${table.source} in ('computed', 'ai')`),
  ],
);

/**
 * The daily reminder's schedule (issue 14), one row per person who ever switched reminders on. `due_at` is
 * the instant of the next reminder (null while reminders are off), `due_on` the person's local date it is
 * for; workers in every app process claim due rows with FOR UPDATE SKIP LOCKED.
 */
export const reminderSchedules = pgTable(
  'reminder_schedules',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    dueOn: date('due_on', { mode: 'string' }),
    /** The local date of the last reminder sent: never a second one that day. */
    lastSentOn: date('last_sent_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('reminder_schedules_due_idx').on(table.dueAt).where(sql`${table.dueAt} is not null`)],
);
