import { z } from 'zod';
import { API_ERROR_CODES } from '../domain/api-errors';

export const ZApiErrorCode = z.enum(API_ERROR_CODES);

/**
 * Every error the API returns has this shape. `code` is stable and maps to the translation key
 * `errors.<code>`; the client shows that text, never a raw server message.
 */
export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    issues: z
      .array(z.object({ path: z.string(), code: z.string(), message: z.string() }))
      .optional()
      .describe('Present for validation errors: which fields failed and why'),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
