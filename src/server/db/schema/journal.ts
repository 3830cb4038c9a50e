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
  what_matters: string[];
  where_safe: string[];
  edges: string[];
  ai_enabled: boolean;
  reminder_time: string;
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
  },
  (table) => [uniqueIndex('weeks_user_start_uq').on(table.userId, table.startDate)],
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
    contentText: text('content_text').notNull().default(''),
    status: text('status').notNull().default('completed'),
    replacementsCount: integer('replacements_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('entries_week_day_uq').on(table.weekId, table.day),
    index('entries_user_idx').on(table.userId),
    check('entries_day_ck', sql`${table.day} between 1 and 7`),
  ],
);

/** Weekly insights about a user (spec §3 summaries); removed with the user's data. */
export const summaries = pgTable(
  'summaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekId: uuid('week_id').references(() => weeks.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('summaries_user_idx').on(table.userId)],
);
