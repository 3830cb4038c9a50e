import {
  CMS_PAGES,
  type CmsPage,
  cmsFallbackKey,
  effectiveCmsValue,
  hasBuiltInTexts,
  isCmsPage,
} from '@shared/domain/cms';
import { DEFAULT_LOCALE, type TLocale } from '@shared/domain/locale';
import {
  buildSeo,
  isSeoPage,
  SEO_KEYS,
  type SeoData,
  type SeoKey,
  type SeoPage,
  seoDefaults,
} from '@shared/domain/seo';
import de from '@shared/i18n/de.json';
import en from '@shared/i18n/en.json';
import type { TContentItem, TContentKind, TContentPage } from '@shared/schemas/admin';
import type { TPageContent } from '@shared/schemas/site';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { cmsTexts } from '../../db/schema/site';
import type { Clock } from '../../lib/clock';
import { type AuditActor, recordAudit } from '../admin/audit';

const MESSAGES: Record<TLocale, Readonly<Record<string, string>>> = { en, de };

/** All translations of a language, as the client has them (for server rendering). */
export function messagesFor(locale: TLocale): Readonly<Record<string, string>> {
  return MESSAGES[locale];
}

/**
 * A built-in translation on the server, with `{{name}}` placeholders filled in. Falls back to English, then
 * to the key itself, as i18next does in the browser.
 */
export function translate(
  locale: TLocale,
  key: string,
  params?: Readonly<Record<string, string | undefined>>,
): string {
  const text = MESSAGES[locale][key] ?? MESSAGES[DEFAULT_LOCALE][key] ?? key;
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => params[name] ?? placeholder);
}

type CmsRow = { textKey: string; liveValue: string | null; draftValue: string | null };

async function readPageRows(db: DbExecutor, page: string, locale: TLocale): Promise<Map<string, CmsRow>> {
  const rows = await db
    .select({ textKey: cmsTexts.textKey, liveValue: cmsTexts.liveValue, draftValue: cmsTexts.draftValue })
    .from(cmsTexts)
    .where(and(eq(cmsTexts.page, page), eq(cmsTexts.locale, locale)));
  return new Map(rows.map((row) => [row.textKey, row]));
}

/** A key's built-in text; empty on a page that has none (the legal notice, decision 049). */
function builtInText(page: CmsPage, key: string, locale: TLocale): string {
  return hasBuiltInTexts(page) ? translate(locale, cmsFallbackKey(page, key)) : '';
}

function textsFrom(rows: Map<string, CmsRow>, page: CmsPage, locale: TLocale): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const key of CMS_PAGES[page]) {
    texts[key] = effectiveCmsValue(rows.get(key)) ?? builtInText(page, key, locale);
  }
  return texts;
}

function seoValuesFrom(rows: Map<string, CmsRow>): Partial<Record<SeoKey, string>> {
  const values: Partial<Record<SeoKey, string>> = {};
  for (const key of SEO_KEYS) {
    const value = effectiveCmsValue(rows.get(key));
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/** Spec §3: every editable text of a page, live, else draft, else the built-in translation (if any). */
export async function getPageTexts(
  db: DbExecutor,
  page: CmsPage,
  locale: TLocale,
): Promise<Record<string, string>> {
  return textsFrom(await readPageRows(db, page, locale), page, locale);
}

/** The stored SEO values of a page (live, else draft); keys without a value are left out. */
export async function getSeoValues(
  db: DbExecutor,
  page: SeoPage,
  locale: TLocale,
): Promise<Partial<Record<SeoKey, string>>> {
  return seoValuesFrom(await readPageRows(db, page, locale));
}

/** Texts and head of a public page, from one query: what the API answers and the HTML embeds. */
export async function getPageContent(
  db: DbExecutor,
  input: { page: SeoPage; locale: TLocale; appUrl: string },
): Promise<TPageContent> {
  const { page, locale, appUrl } = input;
  const rows = await readPageRows(db, page, locale);
  return {
    locale,
    page,
    texts: isCmsPage(page) ? textsFrom(rows, page, locale) : {},
    seo: buildSeo({
      page,
      locale,
      values: seoValuesFrom(rows),
      defaults: seoDefaults((key) => translate(locale, key), page),
      appUrl,
    }),
  };
}

export type PageContentSource = {
  get(page: SeoPage, locale: TLocale): Promise<TPageContent>;
  /** Forgets what was read, so the next request reads afresh: call after changing CMS texts. */
  invalidate(): void;
};

/** How long one process serves a page's texts before reading them again. */
export const PAGE_CONTENT_TTL_MS = 2000;

/**
 * Page content for every page view, read from the database at most once per page, language and
 * PAGE_CONTENT_TTL_MS in each process (without it, serving a page costs a database read each time). A change
 * made through this process shows at once (`invalidate`); other app processes show it within the TTL.
 */
export function createPageContentSource(deps: {
  db: DbExecutor;
  clock: Clock;
  appUrl: string;
  ttlMs?: number;
}): PageContentSource {
  const ttlMs = deps.ttlMs ?? PAGE_CONTENT_TTL_MS;
  const cache = new Map<string, { readAt: number; content: Promise<TPageContent> }>();
  return {
    get(page, locale) {
      const key = `${page}:${locale}`;
      const now = deps.clock.now().getTime();
      const hit = cache.get(key);
      if (hit && now - hit.readAt < ttlMs) return hit.content;
      const content = getPageContent(deps.db, { page, locale, appUrl: deps.appUrl });
      cache.set(key, { readAt: now, content });
      content.catch(() => cache.delete(key));
      return content;
    },
    invalidate: () => cache.clear(),
  };
}

// ---- editing texts and SEO values (admin) ------------------------------------------------------------------

/** Which page, kind and language an admin edits. `page` is checked against the kind's pages. */
export type ContentTarget = { kind: TContentKind; page: string; locale: TLocale };

/** One refused value: `path` is the key. */
export type ContentIssue = { path: string; code: string; message: string };

const JSON_SEO_KEYS: ReadonlySet<string> = new Set<SeoKey>(['seo_schema_webpage', 'seo_schema_organization']);

/** The keys a kind has on a page, or null when the kind does not have that page. */
export function contentKeys(kind: TContentKind, page: string): readonly string[] | null {
  if (kind === 'texts') return isCmsPage(page) ? CMS_PAGES[page] : null;
  return isSeoPage(page) ? SEO_KEYS : null;
}

/** What the head shows for each SEO key; the JSON-LD blocks as the pretty JSON an editor would write. */
const SEO_FIELD: Record<SeoKey, (seo: SeoData) => string> = {
  seo_meta_title: (seo) => seo.title,
  seo_meta_description: (seo) => seo.description,
  seo_keywords: (seo) => seo.keywords,
  seo_canonical_url: (seo) => seo.canonical ?? '',
  seo_robots: (seo) => seo.robots,
  seo_site_name: (seo) => seo.siteName,
  seo_og_title: (seo) => seo.ogTitle,
  seo_og_description: (seo) => seo.ogDescription,
  seo_og_image_url: (seo) => seo.ogImage,
  seo_hero_image_alt: (seo) => seo.heroImageAlt,
  seo_logo_alt: (seo) => seo.logoAlt,
  seo_og_image_alt: (seo) => seo.ogImageAlt,
  seo_schema_webpage: (seo) => prettyJson(seo.jsonLd[0]),
  seo_schema_organization: (seo) => prettyJson(seo.jsonLd[1]),
};

function prettyJson(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

/**
 * What the page shows for each SEO key when that key has no stored value, the other keys as they are
 * stored (the default Open Graph title is the page's title, the default JSON-LD names its canonical URL...).
 */
function seoDefaultValues(
  rows: Map<string, CmsRow>,
  page: SeoPage,
  locale: TLocale,
  appUrl: string,
): Record<SeoKey, string> {
  const stored = seoValuesFrom(rows);
  const defaults = seoDefaults((key) => translate(locale, key), page);
  const result = {} as Record<SeoKey, string>;
  for (const key of SEO_KEYS) {
    const values = { ...stored };
    delete values[key];
    result[key] = SEO_FIELD[key](buildSeo({ page, locale, values, defaults, appUrl }));
  }
  return result;
}

type StoredContentRow = CmsRow & { updatedAt: Date; updatedBy: string | null; publishedAt: Date | null };

async function readContentRows(
  db: DbExecutor,
  page: string,
  locale: TLocale,
  keys: readonly string[],
): Promise<Map<string, StoredContentRow>> {
  const rows = await db
    .select({
      textKey: cmsTexts.textKey,
      draftValue: cmsTexts.draftValue,
      liveValue: cmsTexts.liveValue,
      updatedAt: cmsTexts.updatedAt,
      updatedBy: cmsTexts.updatedBy,
      publishedAt: cmsTexts.publishedAt,
    })
    .from(cmsTexts)
    .where(and(eq(cmsTexts.page, page), eq(cmsTexts.locale, locale), inArray(cmsTexts.textKey, [...keys])));
  return new Map(rows.map((row) => [row.textKey, row]));
}

/**
 * Every key of a page for the admin editor: its default, stored draft and live value, who changed it last
 * and whether the draft waits to be published. Null when the kind does not have the page.
 */
export async function listContent(
  db: DbExecutor,
  input: ContentTarget & { appUrl: string },
): Promise<TContentPage | null> {
  const { kind, page, locale } = input;
  const keys = contentKeys(kind, page);
  if (!keys) return null;
  const rows = await readContentRows(db, page, locale, keys);
  const seoDefaultsOfPage =
    kind === 'seo' && isSeoPage(page) ? seoDefaultValues(rows, page, locale, input.appUrl) : null;
  const defaultOf = (key: string): string => {
    if (seoDefaultsOfPage) return seoDefaultsOfPage[key as SeoKey];
    return isCmsPage(page) ? builtInText(page, key, locale) : '';
  };
  const items = keys.map((key): TContentItem => {
    const row = rows.get(key);
    const draftValue = row?.draftValue ?? null;
    const liveValue = row?.liveValue ?? null;
    return {
      key,
      defaultValue: defaultOf(key),
      draftValue,
      liveValue,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
      publishedAt: row?.publishedAt?.toISOString() ?? null,
      unpublished: draftValue !== liveValue,
    };
  });
  return { kind, page, locale, items };
}

/** A stored JSON-LD value must be a JSON object (buildSeo ignores anything else). */
function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** The refused values of a save: unknown keys first (`validation`), then JSON-LD that is not an object. */
function checkDrafts(
  kind: TContentKind,
  keys: readonly string[],
  drafts: Readonly<Record<string, string | null>>,
): { code: 'validation' | 'invalid_json'; issues: ContentIssue[] } | null {
  const known = new Set(keys);
  const unknown = Object.keys(drafts).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    return {
      code: 'validation',
      issues: unknown.map((key) => ({
        path: key,
        code: 'unknown_key',
        message: `not a ${kind} key of this page`,
      })),
    };
  }
  const badJson = Object.entries(drafts).filter(
    ([key, value]) => JSON_SEO_KEYS.has(key) && value !== null && !isJsonObject(value),
  );
  if (badJson.length > 0) {
    return {
      code: 'invalid_json',
      issues: badJson.map(([key]) => ({ path: key, code: 'invalid_json', message: 'not a JSON object' })),
    };
  }
  return null;
}

export type SaveDraftsOutcome =
  | { ok: true; saved: string[] }
  | { ok: false; error: 'not_found' }
  | { ok: false; error: 'validation' | 'invalid_json'; issues: ContentIssue[] };

/** An actor, the client's address and the time, for the audit log. */
type AdminAct = { actor: NonNullable<AuditActor>; ip: string | null; now: Date };

/**
 * Saves the drafts of several keys of one page and language in one transaction (spec §2 "texts are edited
 * as drafts"). A blank value clears the draft. Either every value is accepted and written, or none is.
 * Keys whose draft is unchanged are not rewritten, so `updated_by` names whoever really changed it.
 */
export async function saveContentDrafts(
  db: Database,
  input: ContentTarget & AdminAct & { drafts: Readonly<Record<string, string>> },
): Promise<SaveDraftsOutcome> {
  const { kind, page, locale, now } = input;
  const keys = contentKeys(kind, page);
  if (!keys) return { ok: false, error: 'not_found' };
  const drafts = Object.fromEntries(
    Object.entries(input.drafts).map(([key, value]) => [key, value.trim() ? value : null]),
  );
  const refused = checkDrafts(kind, keys, drafts);
  if (refused) return { ok: false, error: refused.code, issues: refused.issues };

  return db.transaction(async (tx) => {
    const current = await readContentRows(tx, page, locale, keys);
    const changed = Object.entries(drafts).filter(
      ([key, value]) => (current.get(key)?.draftValue ?? null) !== value,
    );
    if (changed.length > 0) {
      await tx
        .insert(cmsTexts)
        .values(
          changed.map(([textKey, draftValue]) => ({
            page,
            textKey,
            locale,
            draftValue,
            updatedAt: now,
            updatedBy: input.actor.email,
          })),
        )
        .onConflictDoUpdate({
          target: [cmsTexts.page, cmsTexts.textKey, cmsTexts.locale],
          set: {
            draftValue: sql`excluded.draft_value`,
            updatedAt: sql`excluded.updated_at`,
            updatedBy: sql`excluded.updated_by`,
          },
        });
    }
    const saved = changed.map(([key]) => key);
    await recordAudit(tx, {
      actor: input.actor,
      action: kind === 'texts' ? 'cms.save' : 'seo.save',
      target: `${page}:${locale}`,
      details: { keys: saved },
      ip: input.ip,
      at: now,
    });
    return { ok: true as const, saved };
  });
}

export type PublishOutcome = { ok: true; published: number } | { ok: false; error: 'not_found' };

/**
 * Publishes a page and language (spec §2): every draft of the kind's keys that differs from the live value
 * becomes live. The other kind's keys of the same page are left alone.
 */
export async function publishContent(db: Database, input: ContentTarget & AdminAct): Promise<PublishOutcome> {
  const { kind, page, locale, now } = input;
  const keys = contentKeys(kind, page);
  if (!keys) return { ok: false, error: 'not_found' };
  return db.transaction(async (tx) => {
    const published = await tx
      .update(cmsTexts)
      .set({ liveValue: sql`${cmsTexts.draftValue}`, publishedAt: now })
      .where(
        and(
          eq(cmsTexts.page, page),
          eq(cmsTexts.locale, locale),
          inArray(cmsTexts.textKey, [...keys]),
          // A cleared draft publishes too: the live text goes, and the page falls back to its default.
          sql`${cmsTexts.draftValue} is distinct from ${cmsTexts.liveValue}`,
        ),
      )
      .returning({ textKey: cmsTexts.textKey });
    await recordAudit(tx, {
      actor: input.actor,
      action: kind === 'texts' ? 'cms.publish' : 'seo.publish',
      target: `${page}:${locale}`,
      details: { keys: published.map((row) => row.textKey).sort() },
      ip: input.ip,
      at: now,
    });
    return { ok: true as const, published: published.length };
  });
}
