import { z } from 'zod';
import { isoDateTime } from './dates';

/** The suppression list for staff (`/api/admin/mail/suppressions`, decision 043). */
export const SUPPRESSION_REASON_VALUES = ['bounce', 'complaint'] as const;
export const SUPPRESSION_SOURCE_VALUES = ['smtp', 'webhook'] as const;

export const ZSuppression = z.object({
  email: z.string(),
  /** `bounce`: the address does not take mail; `complaint`: the person marked a message as spam. */
  reason: z.enum(SUPPRESSION_REASON_VALUES),
  /** `smtp`: our server's reply; `webhook`: the provider's report. */
  source: z.enum(SUPPRESSION_SOURCE_VALUES),
  detail: z.string().nullable(),
  campaignId: z.uuid().nullable(),
  createdAt: isoDateTime({ offset: true }),
});
export type TSuppression = z.infer<typeof ZSuppression>;

/** The newest entries (at most 500) and how many there are in all. */
export const ZSuppressionList = z.object({
  total: z.number().int().nonnegative(),
  entries: z.array(ZSuppression),
});
export type TSuppressionList = z.infer<typeof ZSuppressionList>;

export const ZLiftSuppression = z.object({ email: z.string().trim().min(1).max(320) });
export type TLiftSuppression = z.infer<typeof ZLiftSuppression>;
