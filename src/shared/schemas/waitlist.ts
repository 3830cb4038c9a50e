import { z } from 'zod';
import { LOCALES } from '../domain/locale';
import { WAITLIST_JOIN_RESULTS } from '../domain/waitlist';

/**
 * Shapes only: the content checks run in the order of spec §5 in the handler (src/shared/domain/waitlist.ts),
 * so that, say, a filled honeypot is reported before a malformed address.
 */
export const ZJoinWaitlist = z.object({
  email: z.string().max(320),
  consent: z.boolean(),
  website: z.string().max(500).describe('Honeypot: people leave it empty'),
  language: z.enum(LOCALES),
});
export type TJoinWaitlist = z.infer<typeof ZJoinWaitlist>;

export const ZJoinWaitlistResult = z.object({ result: z.enum(WAITLIST_JOIN_RESULTS) });
export type TJoinWaitlistResult = z.infer<typeof ZJoinWaitlistResult>;

export const ZConfirmSubscription = z.object({ email: z.string().max(320), token: z.string().max(1024) });
export type TConfirmSubscription = z.infer<typeof ZConfirmSubscription>;

export const ZUnsubscribe = z.object({ token: z.string().max(1024) });
export type TUnsubscribe = z.infer<typeof ZUnsubscribe>;

export const ZConfirmResult = z.object({ status: z.literal('confirmed') });
export const ZUnsubscribeResult = z.object({ status: z.literal('unsubscribed') });
