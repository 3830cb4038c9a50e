import { z } from 'zod';
import { INSIGHT_SOURCES, PERSON_ROLES, THEME_IDS } from '../domain/insights';
import { LANE_IDS } from '../domain/journal';
import { LOCALES } from '../domain/locale';
import { isoDate, isoDateTime } from './dates';

/** A week's insight as the pages show it (issue 14). */
export const ZInsight = z.object({
  weekStart: isoDate().describe('the Monday'),
  weekEnd: isoDate().describe('the Sunday'),
  source: z.enum(INSIGHT_SOURCES).describe("'ai' when the configured model wrote the paragraph"),
  locale: z.enum(LOCALES).describe('the language of the paragraph'),
  paragraph: z.string(),
  daysReflected: z.number().int(),
  words: z.number().int(),
  lane: z.enum(LANE_IDS as [string, ...string[]]).nullable(),
  themes: z.array(z.enum(THEME_IDS)),
  people: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('role'), role: z.enum(PERSON_ROLES) }),
      z.object({ kind: z.literal('name'), name: z.string() }),
    ]),
  ),
  moment: z.object({ day: z.number().int(), text: z.string() }).nullable(),
  createdAt: isoDateTime(),
});
export type TInsight = z.infer<typeof ZInsight>;

export const ZInsightQuery = z.object({ locale: z.enum(LOCALES).default('en') });

/**
 * GET /api/insights/latest?locale=en → 200: the newest insight (the one the dashboard shows), and whether a
 * week's insight is due but not made yet (it appears within a minute).
 */
export const ZLatestInsight = z.object({ insight: ZInsight.nullable(), pending: z.boolean() });
export type TLatestInsight = z.infer<typeof ZLatestInsight>;
