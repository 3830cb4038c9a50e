import { pipeline, type Readable } from 'node:stream';
import { LOCALES, type TLocale } from '@shared/domain/locale';
import { mediaUrl } from '@shared/domain/media';
import {
  type EmailGif,
  type EmailGifs,
  GIF_FOLDERS,
  GIF_MAX_BYTES,
  isGif,
  isValidCtaLink,
  NEWSLETTER_FIELDS,
  type NewsletterKind,
} from '@shared/domain/newsletters';
import { href } from '@shared/routes';
import type {
  TBilingualContent,
  TNewsletterContent,
  TNewsletterDefaults,
  TNewsletterDraft,
  TNewsletterGif,
  TNewsletterGifs,
  TNewsletterPreview,
  TNewsletterPreviewRequest,
  TNewsletterVersion,
  TSaveNewsletterDraft,
} from '@shared/schemas/newsletters';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { newsletterGifs, newsletters, newsletterVersions } from '../../db/schema/newsletters';
import type { Logger } from '../../lib/logger';
import { generateObjectName, ObjectTooLargeError, type Storage } from '../../lib/storage/storage';
import { type AuditActor, recordAudit } from '../admin/audit';
import { renderNewsletter } from '../mail/templates/newsletter';
import { defaultNewsletterContent } from '../mail/templates/newsletter-copy';
import { sniffContent } from '../media/service';
import { DamagedGifError, gifCheck } from './gif-file';

/** Who changes something, from where and when: what goes into the audit log. */
export type NewsletterChange = { actor: NonNullable<AuditActor>; ip: string | null; now: Date };

type NewsletterRow = typeof newsletters.$inferSelect;

function toDraft(row: NewsletterRow): TNewsletterDraft {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    version: row.version,
  };
}

const latestFirst = [desc(newsletters.updatedAt), desc(newsletters.createdAt), desc(newsletters.id)];

/** The saved drafts of a kind, the latest change first. */
export async function listDrafts(db: Database, kind: NewsletterKind): Promise<TNewsletterDraft[]> {
  const rows = await db
    .select()
    .from(newsletters)
    .where(eq(newsletters.kind, kind))
    .orderBy(...latestFirst);
  return rows.map(toDraft);
}

export async function getDraft(db: Database, id: string): Promise<TNewsletterDraft | null> {
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id));
  return row ? toDraft(row) : null;
}

/** True when no language has a non-blank call-to-action link that the kind does not allow. */
function ctaLinksValid(kind: NewsletterKind, content: TBilingualContent): boolean {
  return LOCALES.every((locale) => {
    const link = content[locale].ctaLink.trim();
    return link === '' || isValidCtaLink(link, kind);
  });
}

/** Trims every field, so a line of spaces counts as blank everywhere. */
function trimmedContent(content: TBilingualContent): TBilingualContent {
  const trim = (version: TNewsletterContent): TNewsletterContent =>
    Object.fromEntries(
      Object.entries(version).map(([field, value]) => [field, value.trim()]),
    ) as TNewsletterContent;
  return { en: trim(content.en), de: trim(content.de) };
}

type VersionConflict = { ok: false; error: 'draft_version_conflict'; current: TNewsletterDraft };

export type SaveOutcome =
  | { ok: true; draft: TNewsletterDraft }
  | { ok: false; error: 'invalid_cta_link' }
  | VersionConflict;

function sameTexts(a: Pick<NewsletterRow, 'name' | 'content'>, b: Pick<NewsletterRow, 'name' | 'content'>) {
  return (
    a.name === b.name &&
    LOCALES.every((locale) =>
      NEWSLETTER_FIELDS.every((field) => a.content[locale][field] === b.content[locale][field]),
    )
  );
}

/** The draft `id` of `kind`, locked until the transaction ends, so two saves of it take turns. */
async function lockDraft(
  tx: DbExecutor,
  id: string,
  kind?: NewsletterKind,
): Promise<NewsletterRow | undefined> {
  const [row] = await tx
    .select()
    .from(newsletters)
    .where(kind ? and(eq(newsletters.id, id), eq(newsletters.kind, kind)) : eq(newsletters.id, id))
    .for('update');
  return row;
}

/** How many earlier versions of a draft are kept (decision 047): the newest ones; older ones go. */
export const KEPT_EARLIER_VERSIONS = 50;

/**
 * Makes `next` the current version of the draft `head`: the version it replaces is kept in
 * `newsletter_versions` first, and versions older than the newest KEPT_EARLIER_VERSIONS go. Texts equal to
 * the current ones make no new version; the draft only counts as saved now (for `gdpr`, that makes it the
 * e-mail in use).
 */
async function writeVersion(
  tx: DbExecutor,
  head: NewsletterRow,
  next: Pick<NewsletterRow, 'name' | 'content'>,
  change: NewsletterChange,
): Promise<NewsletterRow> {
  const saved = { updatedAt: change.now, updatedBy: change.actor.email };
  if (sameTexts(head, next)) {
    const [row] = await tx.update(newsletters).set(saved).where(eq(newsletters.id, head.id)).returning();
    if (!row) throw new Error(`newsletters: ${head.id} vanished while locked`);
    return row;
  }
  await tx.insert(newsletterVersions).values({
    newsletterId: head.id,
    version: head.version,
    name: head.name,
    content: head.content,
    savedAt: head.updatedAt,
    savedBy: head.updatedBy,
  });
  await tx
    .delete(newsletterVersions)
    .where(
      and(
        eq(newsletterVersions.newsletterId, head.id),
        lte(newsletterVersions.version, head.version - KEPT_EARLIER_VERSIONS),
      ),
    );
  const [row] = await tx
    .update(newsletters)
    .set({ ...saved, name: next.name, content: next.content, version: head.version + 1 })
    .where(eq(newsletters.id, head.id))
    .returning();
  if (!row) throw new Error(`newsletters: ${head.id} vanished while locked`);
  return row;
}

/**
 * Saves a new draft (no `id`), or the next version of the draft `id` (decision 047): the version it replaces
 * stays in its history, so a rename or a send never loses one. `baseVersion` is the version the texts were
 * edited from; when the draft has another by now, someone saved it meanwhile and nothing is written
 * (`draft_version_conflict`, with the draft as it is now). `null` when `id` names no draft of that kind. A
 * blank name stays blank (the composer shows a placeholder); blank fields are allowed, but a non-blank
 * call-to-action link must be an http(s) address, or in the GDPR e-mail the confirmation-link placeholder.
 */
export async function saveDraft(
  db: DbExecutor,
  input: NewsletterChange & { id?: string; baseVersion?: number; draft: TSaveNewsletterDraft },
): Promise<SaveOutcome | null> {
  const { kind, name } = input.draft;
  const content = trimmedContent(input.draft.content);
  if (!ctaLinksValid(kind, content)) return { ok: false, error: 'invalid_cta_link' };
  return db.transaction(async (tx): Promise<SaveOutcome | null> => {
    let row: NewsletterRow;
    let previousVersion: number | null = null;
    if (input.id) {
      // A draft keeps its kind: saving it as the other kind finds no draft.
      const head = await lockDraft(tx, input.id, kind);
      if (!head) return null;
      if (input.baseVersion !== undefined && head.version !== input.baseVersion) {
        return { ok: false, error: 'draft_version_conflict', current: toDraft(head) };
      }
      previousVersion = head.version;
      row = await writeVersion(tx, head, { name, content }, input);
    } else {
      const [inserted] = await tx
        .insert(newsletters)
        .values({
          kind,
          name,
          content,
          createdAt: input.now,
          updatedAt: input.now,
          updatedBy: input.actor.email,
        })
        .returning();
      if (!inserted) throw new Error('newsletters: the insert returned no row');
      row = inserted;
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: 'newsletter.save',
      target: `newsletter:${row.id}`,
      details: { kind, name, created: !input.id, version: row.version, previousVersion },
      ip: input.ip,
      at: input.now,
    });
    return { ok: true, draft: toDraft(row) };
  });
}

/** Every version of a draft, the current one first; null when there is no such draft. */
export async function listDraftVersions(db: Database, id: string): Promise<TNewsletterVersion[] | null> {
  const [head] = await db.select().from(newsletters).where(eq(newsletters.id, id));
  if (!head) return null;
  const earlier = await db
    .select()
    .from(newsletterVersions)
    .where(eq(newsletterVersions.newsletterId, id))
    .orderBy(desc(newsletterVersions.version));
  const entry = (
    row: Pick<NewsletterRow, 'version' | 'name' | 'content'>,
    savedAt: Date,
    savedBy: string | null,
    current: boolean,
  ): TNewsletterVersion => ({
    version: row.version,
    current,
    name: row.name,
    subjects: { en: row.content.en.subjectLine, de: row.content.de.subjectLine },
    savedAt: savedAt.toISOString(),
    savedBy,
  });
  return [
    entry(head, head.updatedAt, head.updatedBy, true),
    ...earlier.map((row) => entry(row, row.savedAt, row.savedBy, false)),
  ];
}

export type RestoreOutcome =
  | { ok: true; draft: TNewsletterDraft }
  | { ok: false; error: 'not_found' }
  | VersionConflict;

/**
 * Makes an earlier version of a draft its next version (decision 047); the current one is kept like any
 * save keeps it. `baseVersion` as in `saveDraft`.
 */
export async function restoreDraftVersion(
  db: Database,
  input: NewsletterChange & { id: string; version: number; baseVersion: number },
): Promise<RestoreOutcome> {
  return db.transaction(async (tx): Promise<RestoreOutcome> => {
    const head = await lockDraft(tx, input.id);
    if (!head) return { ok: false, error: 'not_found' };
    if (head.version !== input.baseVersion) {
      return { ok: false, error: 'draft_version_conflict', current: toDraft(head) };
    }
    const [earlier] = await tx
      .select()
      .from(newsletterVersions)
      .where(
        and(eq(newsletterVersions.newsletterId, head.id), eq(newsletterVersions.version, input.version)),
      );
    if (!earlier) return { ok: false, error: 'not_found' };
    const row = await writeVersion(tx, head, earlier, input);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'newsletter.restore',
      target: `newsletter:${row.id}`,
      details: { kind: row.kind, name: row.name, restored: input.version, version: row.version },
      ip: input.ip,
      at: input.now,
    });
    return { ok: true, draft: toDraft(row) };
  });
}

/** Deletes one draft; false when there is none. */
export async function deleteDraft(db: Database, input: NewsletterChange & { id: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(newsletters)
      .where(eq(newsletters.id, input.id))
      .returning({ id: newsletters.id, kind: newsletters.kind, name: newsletters.name });
    if (!row) return false;
    await recordAudit(tx, {
      actor: input.actor,
      action: 'newsletter.delete',
      target: `newsletter:${row.id}`,
      details: { kind: row.kind, name: row.name },
      ip: input.ip,
      at: input.now,
    });
    return true;
  });
}

/** Deletes every draft of a kind (spec admin_delete_newsletters_by_type); returns how many went. */
export async function deleteAllDrafts(
  db: Database,
  input: NewsletterChange & { kind: NewsletterKind },
): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(newsletters)
      .where(eq(newsletters.kind, input.kind))
      .returning({ id: newsletters.id });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'newsletter.delete_all',
      target: `newsletters:${input.kind}`,
      details: { kind: input.kind, count: deleted.length },
      ip: input.ip,
      at: input.now,
    });
    return deleted.length;
  });
}

/** The built-in texts of a kind in both languages; for `gdpr` those of today's confirmation e-mail. */
export function newsletterDefaults(kind: NewsletterKind, appUrl: string): TNewsletterDefaults {
  return {
    kind,
    content: {
      en: defaultNewsletterContent(kind, 'en', appUrl),
      de: defaultNewsletterContent(kind, 'de', appUrl),
    },
  };
}

// ---- GIFs (bucket `gifs`, a folder per kind; a row per kind and language says which file is used) ----

type GifRow = typeof newsletterGifs.$inferSelect;

function toGif(row: GifRow): TNewsletterGif {
  return {
    name: row.objectName,
    url: mediaUrl('gifs', row.objectName),
    size: row.fileSize,
    width: row.width,
    height: row.height,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedBy: row.uploadedBy,
  };
}

/** The GIF of each e-mail in each language. */
export async function listGifs(db: DbExecutor): Promise<TNewsletterGifs> {
  const rows = await db.select().from(newsletterGifs);
  const gifs: TNewsletterGifs = {
    newsletter: { en: null, de: null },
    gdpr: { en: null, de: null },
  };
  for (const row of rows) gifs[row.kind][row.language] = toGif(row);
  return gifs;
}

/** One e-mail's GIF in one language as the e-mail embeds it (absolute address, natural size), or null. */
export async function emailGifFor(
  db: DbExecutor,
  input: { kind: NewsletterKind; locale: TLocale; appUrl: string },
): Promise<EmailGif | null> {
  const [row] = await db
    .select()
    .from(newsletterGifs)
    .where(and(eq(newsletterGifs.kind, input.kind), eq(newsletterGifs.language, input.locale)));
  return row
    ? {
        url: new URL(mediaUrl('gifs', row.objectName), input.appUrl).toString(),
        width: row.width,
        height: row.height,
      }
    : null;
}

/** An e-mail's GIF in every language, as a campaign keeps them. */
export async function emailGifsFor(
  db: DbExecutor,
  input: { kind: NewsletterKind; appUrl: string },
): Promise<EmailGifs> {
  const [en, de] = await Promise.all(LOCALES.map((locale) => emailGifFor(db, { ...input, locale })));
  return { en: en ?? null, de: de ?? null };
}

/** One lock for every change of which GIF is used, so the file a change replaces is always the one it read. */
const GIF_CHANGE_LOCK = 727_048;
const lockGifChanges = (tx: DbExecutor) =>
  tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(GIF_CHANGE_LOCK))})`);

/** Deletes the file of an upload that never became a GIF in use; one that fails to go is logged and left. */
async function deleteGifFile(storage: Storage, logger: GifLogger, name: string) {
  try {
    await storage.delete('gifs', name);
  } catch (error) {
    logger.warn({ err: error, name }, 'newsletter GIF: the file of a failed upload could not be deleted');
  }
}

type GifLogger = Pick<Logger, 'warn'>;
type GifTarget = { kind: NewsletterKind; language: TLocale };

export type GifUploadOutcome =
  | { ok: true; gifs: TNewsletterGifs }
  | { ok: false; error: 'invalid_gif' | 'gif_damaged' | 'gif_too_large' };

/**
 * Makes an uploaded GIF the one `kind` shows in `language` (decision 048), and that one only. Its first bytes
 * must say GIF before a byte is written; the whole file is then read as a GIF on its way into storage (its
 * natural size comes from there) and refused past GIF_MAX_BYTES. Stored as `<folder>/<language>-<timestamp>-
 * <random>.gif`; the row is written after the file. The file it replaces stays in storage: e-mails already
 * sent with it load it by its URL (decision 048). A refused upload stores nothing and changes nothing.
 */
export async function uploadGif(
  deps: { db: Database; storage: Storage; logger: GifLogger },
  input: NewsletterChange & GifTarget & { body: Readable; declaredLength?: number },
): Promise<GifUploadOutcome> {
  if (input.declaredLength !== undefined && input.declaredLength > GIF_MAX_BYTES) {
    input.body.destroy();
    return { ok: false, error: 'gif_too_large' };
  }
  const { stream, format } = sniffContent(input.body, (bytes) =>
    isGif(bytes) ? { contentType: 'image/gif', extension: 'gif' } : null,
  );
  const found = await format;
  if (!found) return { ok: false, error: 'invalid_gif' };
  const name = `${GIF_FOLDERS[input.kind]}/${input.language}-${generateObjectName(found.extension, input.now)}`;
  const check = gifCheck(GIF_MAX_BYTES);
  const checked = pipeline(stream, check.stream, () => undefined);
  let size: number;
  try {
    size = (
      await deps.storage.put('gifs', name, checked, {
        maxBytes: GIF_MAX_BYTES,
        contentType: found.contentType,
      })
    ).size;
  } catch (error) {
    if (error instanceof ObjectTooLargeError) return { ok: false, error: 'gif_too_large' };
    if (error instanceof DamagedGifError) return { ok: false, error: 'gif_damaged' };
    throw error;
  } finally {
    stream.destroy();
    checked.destroy();
  }
  const facts = check.facts();
  if (!facts) {
    await deleteGifFile(deps.storage, deps.logger, name);
    return { ok: false, error: 'gif_damaged' };
  }
  try {
    await deps.db.transaction(async (tx) => {
      await lockGifChanges(tx);
      const target = and(eq(newsletterGifs.kind, input.kind), eq(newsletterGifs.language, input.language));
      const [previous] = await tx
        .select({ name: newsletterGifs.objectName })
        .from(newsletterGifs)
        .where(target);
      const values = {
        objectName: name,
        fileSize: size,
        width: facts.width,
        height: facts.height,
        uploadedAt: input.now,
        uploadedBy: input.actor.email,
      };
      await tx
        .insert(newsletterGifs)
        .values({ kind: input.kind, language: input.language, ...values })
        .onConflictDoUpdate({ target: [newsletterGifs.kind, newsletterGifs.language], set: values });
      await recordAudit(tx, {
        actor: input.actor,
        action: 'newsletter.gif.upload',
        target: `gifs:${name}`,
        details: {
          kind: input.kind,
          language: input.language,
          size,
          width: facts.width,
          height: facts.height,
          replaced: previous?.name ?? null,
        },
        ip: input.ip,
        at: input.now,
      });
    });
  } catch (error) {
    // Nothing points to the new file: it goes, so a failed upload leaves storage as it was.
    await deleteGifFile(deps.storage, deps.logger, name);
    throw error;
  }
  return { ok: true, gifs: await listGifs(deps.db) };
}

/**
 * Removes the GIF `kind` shows in `language`: the row goes, so no e-mail embeds it from then on. Its file stays,
 * as e-mails already sent with it load it by its URL (decision 048). Null when that e-mail has no GIF in that
 * language.
 */
export async function removeGif(
  deps: { db: Database },
  input: NewsletterChange & GifTarget,
): Promise<TNewsletterGifs | null> {
  const removed = await deps.db.transaction(async (tx) => {
    await lockGifChanges(tx);
    const [row] = await tx
      .delete(newsletterGifs)
      .where(and(eq(newsletterGifs.kind, input.kind), eq(newsletterGifs.language, input.language)))
      .returning({ name: newsletterGifs.objectName });
    if (!row) return null;
    await recordAudit(tx, {
      actor: input.actor,
      action: 'newsletter.gif.remove',
      target: `gifs:${row.name}`,
      details: { kind: input.kind, language: input.language },
      ip: input.ip,
      at: input.now,
    });
    return row.name;
  });
  return removed ? listGifs(deps.db) : null;
}

// ---- rendering ----

export type PreviewOutcome =
  | { ok: true; preview: TNewsletterPreview }
  | { ok: false; error: 'invalid_cta_link' };

/**
 * The e-mail exactly as it is sent (the same render function, the GIF of the kind and language), with sample links
 * where each recipient's own go.
 */
export async function renderNewsletterPreview(
  db: DbExecutor,
  input: { request: TNewsletterPreviewRequest; appUrl: string },
): Promise<PreviewOutcome> {
  const { kind, language, content } = input.request;
  const link = content.ctaLink.trim();
  if (link !== '' && !isValidCtaLink(link, kind)) return { ok: false, error: 'invalid_cta_link' };
  const preview = await renderNewsletter(
    {
      kind,
      locale: language,
      content: { ...content, ctaLink: link },
      gif: await emailGifFor(db, { kind, locale: language, appUrl: input.appUrl }),
      appUrl: input.appUrl,
    },
    previewLinks(input.appUrl, language),
  );
  return { ok: true, preview };
}

/** The sample per-recipient links of a preview. */
function previewLinks(appUrl: string, locale: TLocale) {
  return {
    unsubscribeUrl: `${appUrl}${href('byebye', { token: 'preview', lang: locale })}`,
    confirmUrl: `${appUrl}${href('gdprConfirmation', { email: 'preview@example.com', token: 'preview', lang: locale })}`,
  };
}

/** The GDPR template in use: the latest saved `gdpr` draft, or null for the built-in e-mail. */
async function latestGdprDraft(db: DbExecutor): Promise<NewsletterRow | undefined> {
  const [row] = await db
    .select()
    .from(newsletters)
    .where(eq(newsletters.kind, 'gdpr'))
    .orderBy(...latestFirst)
    .limit(1);
  return row;
}

/**
 * The waiting-list confirmation e-mail in the recipient's language with that language's confirmation GIF: from
 * the latest saved GDPR draft, or from the GDPR defaults (the built-in texts) when no draft is saved but a GIF
 * is set for the language, so a GIF staff chose is always sent (decision 048). Null when neither exists: the
 * built-in e-mail is sent then. Pass the transaction the e-mail is enqueued in.
 */
export async function renderSavedGdprEmail(
  deps: { db: DbExecutor; appUrl: string },
  input: { locale: TLocale; confirmUrl: string; unsubscribeUrl: string },
): Promise<{ subject: string; html: string; text: string } | null> {
  const draft = await latestGdprDraft(deps.db);
  const gif = await emailGifFor(deps.db, { kind: 'gdpr', locale: input.locale, appUrl: deps.appUrl });
  if (!draft && !gif) return null;
  return renderNewsletter(
    {
      kind: 'gdpr',
      locale: input.locale,
      content: draft?.content[input.locale] ?? defaultNewsletterContent('gdpr', input.locale, deps.appUrl),
      gif,
      appUrl: deps.appUrl,
    },
    { unsubscribeUrl: input.unsubscribeUrl, confirmUrl: input.confirmUrl },
  );
}
