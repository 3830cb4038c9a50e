import { LOCALES, type TLocale } from '@shared/domain/locale';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import { type TWaitlistImportResult, WAITLIST_IMPORT_MAX_ROWS } from '@shared/schemas/waitlist-list';
import { waitingList } from '../../db/schema/waitlist';
import { CHANGE_CHANNELS, notifyChange } from '../../lib/change-feed';
import { recordAudit } from '../admin/audit';
import { enqueuePacedConfirmations } from './list-service';
import type { AdminChange, WaitlistDeps } from './service';

/**
 * Importing addresses (issue 16): staff upload a CSV; each new address joins the list unconfirmed and gets
 * the double opt-in e-mail through the outbox, paced. Nobody is ever marked confirmed by an import: consent
 * is what the person gives by the link in that e-mail. Addresses already on the list, in any status, are
 * left as they are (someone who unsubscribed is not added back).
 */

/** The consent-text version of an imported row: the person agreed to nothing here yet. */
export const IMPORT_CONSENT_VERSION = 'import';
/** The first invalid rows named in the report. */
const REPORTED_INVALID = 50;
const INSERT_CHUNK = 1000;

/** RFC 4180 records (quoted cells with commas, quotes and line breaks), each with the line it starts on. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const input = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < input.length; index += 1) {
    const char = input[index];
    if (quoted) {
      if (char === '"' && input[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',' || char === ';' || char === '\t') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[index + 1] === '\n') index += 1;
      cells.push(cell);
      records.push({ line: start, cells });
      cells = [];
      cell = '';
      line += 1;
      start = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: start, cells });
  }
  return records.filter((record) => record.cells.some((value) => value.trim() !== ''));
}

function languageOf(value: string | undefined, fallback: TLocale): TLocale {
  const code = value?.trim().toLowerCase().slice(0, 2);
  return (LOCALES as readonly string[]).includes(code ?? '') ? (code as TLocale) : fallback;
}

/** The addresses of a CSV: a header naming `email` (and `language`) is used; without one, email, language. */
export function importRows(csv: string, defaultLanguage: TLocale) {
  const records = parseCsv(csv);
  const header = records[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const emailColumn = header.findIndex((cell) => cell === 'email' || cell === 'e-mail' || cell === 'address');
  const hasHeader = emailColumn >= 0;
  const languageColumn = hasHeader
    ? header.findIndex((cell) => cell === 'language' || cell === 'lang' || cell === 'sprache')
    : 1;
  const data = hasHeader ? records.slice(1) : records;
  return data.map((record) => ({
    line: record.line,
    raw: (record.cells[hasHeader ? emailColumn : 0] ?? '').trim(),
    language: languageOf(languageColumn >= 0 ? record.cells[languageColumn] : undefined, defaultLanguage),
  }));
}

export type ImportOutcome =
  | { ok: true; result: TWaitlistImportResult }
  | { ok: false; error: 'too_many_rows' };

export async function importWaitlist(
  deps: WaitlistDeps,
  input: AdminChange & { csv: string; defaultLanguage: TLocale },
): Promise<ImportOutcome> {
  const rows = importRows(input.csv, input.defaultLanguage);
  if (rows.length > WAITLIST_IMPORT_MAX_ROWS) return { ok: false, error: 'too_many_rows' };
  const invalidRows: TWaitlistImportResult['invalidRows'] = [];
  let invalid = 0;
  let duplicateInFile = 0;
  const seen = new Set<string>();
  const people: { email: string; language: TLocale }[] = [];
  for (const row of rows) {
    const email = normalizeEmail(row.raw);
    if (!isValidEmail(email)) {
      invalid += 1;
      if (invalidRows.length < REPORTED_INVALID)
        invalidRows.push({ line: row.line, value: row.raw.slice(0, 320) });
    } else if (seen.has(email)) duplicateInFile += 1;
    else {
      seen.add(email);
      people.push({ email, language: row.language });
    }
  }

  const { now } = input;
  return deps.db.transaction(async (tx) => {
    const added: { id: string; email: string; language: TLocale }[] = [];
    for (let start = 0; start < people.length; start += INSERT_CHUNK) {
      const chunk = people.slice(start, start + INSERT_CHUNK);
      const inserted = await tx
        .insert(waitingList)
        .values(
          chunk.map((person) => ({
            email: person.email,
            language: person.language,
            // Never confirmed here: the person confirms by the link in the e-mail, or stays unconfirmed.
            status: 'unconfirmed' as const,
            createdAt: now,
            updatedAt: now,
            consentAt: now,
            consentTextVersion: IMPORT_CONSENT_VERSION,
            consentIpHash: null,
            consentUserAgent: null,
            confirmedAt: null,
            unsubscribedAt: null,
            importedBy: input.actor.email,
          })),
        )
        .onConflictDoNothing({ target: waitingList.email })
        .returning({ id: waitingList.id, email: waitingList.email, language: waitingList.language });
      for (const row of inserted)
        added.push({ id: row.id, email: row.email, language: row.language as TLocale });
    }
    const paced = await enqueuePacedConfirmations(deps, tx, added, {
      now,
      keyPrefix: `import:${now.getTime()}`,
    });
    const result: TWaitlistImportResult = {
      rows: rows.length,
      added: added.length,
      alreadyOnList: people.length - added.length,
      duplicateInFile,
      invalid,
      invalidRows,
      queued: paced.queued,
      suppressed: paced.suppressed,
      held: paced.held,
    };
    const { invalidRows: _omitted, ...counts } = result;
    await recordAudit(tx, {
      actor: input.actor,
      action: 'waitlist.import',
      target: `waitlist:${added.length} entries`,
      details: counts,
      ip: input.ip,
      at: now,
    });
    if (added.length > 0) await notifyChange(tx, CHANGE_CHANNELS.waitlist, 'joined');
    return { ok: true as const, result };
  });
}
