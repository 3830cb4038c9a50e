import { z } from 'zod';
import { ID_PADDING_MAX, ID_PADDING_MIN, ID_PREFIX_MAX_LENGTH } from '../domain/id-generator';
import { isoDateTime } from './dates';

/** The admin ID generator (`/api/admin/ids`, issue 16): IDs issued by the server, unique for all staff. */

export const ZIssueId = z.object({
  start: z.number().int().min(1),
  prefix: z.string().max(ID_PREFIX_MAX_LENGTH),
  padding: z.number().int().min(ID_PADDING_MIN).max(ID_PADDING_MAX),
});
export type TIssueId = z.infer<typeof ZIssueId>;

export const ZIssuedId = z.object({
  id: z.string(),
  issuedBy: z.string().nullable(),
  issuedAt: isoDateTime({ offset: true }),
});
export type TIssuedId = z.infer<typeof ZIssuedId>;

export const ZIssuedIds = z.object({ ids: z.array(ZIssuedId), total: z.number().int().nonnegative() });
export type TIssuedIds = z.infer<typeof ZIssuedIds>;
