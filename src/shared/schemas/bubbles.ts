import { z } from 'zod';
import {
  CATEGORIES,
  IMPORTANCE_MAX,
  IMPORTANCE_MIN,
  isWhoAnswer,
  MAX_BUBBLE_NAME_LENGTH,
  MAX_BUBBLES_PER_REQUEST,
  WHEN_OPTIONS,
  WHO_OPTION_IDS,
} from '../domain/bubbles';
import { isoDateTime } from './dates';

export { MAX_BUBBLES_PER_REQUEST };

/**
 * A signed-in person's own bubbles on the server (issue 5, beyond the spec): the browser keeps them in
 * localStorage as the spec says, and also saves them here so that every device shows them. As read: a bubble
 * saved before the server took only the questionnaire's options (issue 35) may hold other text in
 * `whoTrusted` and `when`, and is answered as it was saved.
 */
export const ZBubble = z.object({
  id: z.uuid().describe('Made by the browser when the answer is given; the same id is the same bubble'),
  category: z.enum(CATEGORIES),
  whoTrusted: z.array(z.string().min(1).max(64)).min(1).max(6),
  name: z.string().trim().min(1).max(MAX_BUBBLE_NAME_LENGTH),
  when: z.string().min(1).max(64),
  importance: z.number().int().min(IMPORTANCE_MIN).max(IMPORTANCE_MAX),
  createdAt: isoDateTime(),
});
export type TBubble = z.infer<typeof ZBubble>;

/**
 * A bubble as saved: `whoTrusted` and `when` are ids of the options the questionnaire offers (spec §3), the
 * category's own "who" options each once; anything else is a 400 `validation` (issue 35).
 */
export const ZNewBubble = ZBubble.extend({
  whoTrusted: z
    .array(z.enum(WHO_OPTION_IDS))
    .min(1)
    .max(6)
    .describe("Ids of the category's own six options (WHO_OPTIONS), each once"),
  when: z.enum(WHEN_OPTIONS),
}).superRefine((bubble, context) => {
  if (!isWhoAnswer(bubble.category, bubble.whoTrusted)) {
    context.addIssue({ code: 'custom', path: ['whoTrusted'], message: 'not_an_option_of_the_category' });
  }
});

/** GET /api/bubbles → the person's bubbles, oldest first. */
export const ZBubbleList = z.object({ bubbles: z.array(ZBubble) });
export type TBubbleList = z.infer<typeof ZBubbleList>;

/**
 * POST /api/bubbles → 200 ZBubbleList (all of the person's bubbles afterwards). Saves the bubbles the server
 * does not have yet (by id); ids it already has are left as they are. Used for each new answer and, at sign-in,
 * to merge what the browser held as a visitor.
 */
export const ZSaveBubbles = z.object({ bubbles: z.array(ZNewBubble).min(1).max(MAX_BUBBLES_PER_REQUEST) });
export type TSaveBubbles = z.infer<typeof ZSaveBubbles>;
