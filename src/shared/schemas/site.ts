import { z } from 'zod';
import { LOCALES } from '../domain/locale';

export const ZLocale = z.enum(LOCALES);

export const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']) });
export type THealth = z.infer<typeof ZHealth>;

export const ZSetLocale = z.object({ locale: ZLocale });
export type TSetLocale = z.infer<typeof ZSetLocale>;
