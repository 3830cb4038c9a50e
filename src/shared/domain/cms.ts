/**
 * Editable texts (spec §3 cms_texts): which keys each page has. A page shows the live value, else the draft,
 * else the built-in translation `cms.<page>.<key>` from src/shared/i18n (none for the legal notice).
 */
export const CMS_PAGES = {
  home: ['hero.subtitle', 'hero.title', 'hero.description'],
  invite: ['invite.cta', 'invite.paragraph1', 'invite.paragraph2', 'invite.paragraph3', 'invite.paragraph4'],
  'waiting-list': ['waitlist.title', 'waitlist.subtitle'],
  legal: [
    'legal.companyName',
    'legal.address',
    'legal.representative',
    'legal.contact',
    'legal.register',
    'legal.vatId',
    'legal.profession',
    'legal.supervisoryAuthority',
    'legal.responsibleForContent',
  ],
} as const;

export type CmsPage = keyof typeof CMS_PAGES;
export type CmsTextKey<P extends CmsPage = CmsPage> = (typeof CMS_PAGES)[P][number];

export const CMS_PAGE_IDS = Object.keys(CMS_PAGES) as CmsPage[];

export function isCmsPage(value: unknown): value is CmsPage {
  return typeof value === 'string' && Object.hasOwn(CMS_PAGES, value);
}

/**
 * Pages whose texts only staff can give: the legal notice names the operator, which no built-in text can
 * know (decision 049). An empty key shows nothing there, never a placeholder.
 */
const PAGES_WITHOUT_BUILT_IN_TEXTS: ReadonlySet<CmsPage> = new Set<CmsPage>(['legal']);

export function hasBuiltInTexts(page: CmsPage): boolean {
  return !PAGES_WITHOUT_BUILT_IN_TEXTS.has(page);
}

/** What a legal notice must say before it says anything else: who runs the site, where, and how to reach them. */
export const LEGAL_REQUIRED_KEYS = [
  'legal.companyName',
  'legal.address',
  'legal.contact',
] as const satisfies readonly CmsTextKey<'legal'>[];
export type LegalRequiredKey = (typeof LEGAL_REQUIRED_KEYS)[number];

/** The required legal texts that are empty (blank counts as empty), in the order of LEGAL_REQUIRED_KEYS. */
export function missingLegalKeys(textOf: (key: LegalRequiredKey) => string | undefined): LegalRequiredKey[] {
  return LEGAL_REQUIRED_KEYS.filter((key) => !textOf(key)?.trim());
}

/** The translation key that holds the built-in text of a CMS key. */
export function cmsFallbackKey(page: CmsPage, key: string): `cms.${string}` {
  return `cms.${page}.${key}`;
}

/** Spec §3: live value first, then the draft; blank values count as missing. */
export function effectiveCmsValue(row: { liveValue: string | null; draftValue: string | null } | undefined) {
  if (row?.liveValue?.trim()) return row.liveValue;
  if (row?.draftValue?.trim()) return row.draftValue;
  return undefined;
}
