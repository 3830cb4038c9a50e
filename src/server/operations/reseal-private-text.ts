import { type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../db/client';
import { type FieldCipher, FieldCipherError, sealedKeyId } from '../lib/field-cipher';
import type { Logger } from '../lib/logger';
import { type PrivateColumn, privateContext } from '../lib/private-text';

/**
 * Brings every private value under the current key (decision 045): plaintext written before encryption is
 * sealed, values sealed with an older key are sealed again. It runs on every start (in the background) and
 * as `npm run keys:rotate`. Rows are read in batches in key order; each is written back only if it still
 * holds what was read (compare and set), so a person's save in between wins, and two processes doing this
 * at once (app processes starting together) both finish with every value sealed once.
 */

export const RESEAL_BATCH_SIZE = 500;

/** A text column of private values: its table, the row's key and the owner whose id binds the value. */
type TextColumn = {
  column: PrivateColumn;
  table: string;
  key: string;
  keyType: 'uuid' | 'text';
  field: string;
};

const TEXT_COLUMNS: readonly TextColumn[] = [
  { column: 'entries.content_text', table: 'entries', key: 'id', keyType: 'uuid', field: 'content_text' },
  { column: 'summaries.content', table: 'summaries', key: 'id', keyType: 'uuid', field: 'content' },
  { column: 'bubbles.name', table: 'bubbles', key: 'id', keyType: 'uuid', field: 'name' },
  { column: 'bubbles.who_trusted', table: 'bubbles', key: 'id', keyType: 'uuid', field: 'who_trusted' },
  { column: 'bubbles.when_label', table: 'bubbles', key: 'id', keyType: 'uuid', field: 'when_label' },
  { column: 'profiles.first_name', table: 'profiles', key: 'user_id', keyType: 'text', field: 'first_name' },
];

export type ResealCounts = {
  /** Plaintext values sealed. */
  sealed: number;
  /** Values moved from an older key to the current one. */
  resealed: number;
  /** Values that do not open (a key that is not configured, or altered): left as they are. */
  unreadable: number;
};

type Row = { key: string; owner: string; value: string };

const raw = (identifier: string) => sql.raw(`"${identifier}"`);

/** A value under the current key, or null when it is there already; counts what it did. */
function resealed(
  cipher: FieldCipher,
  context: string,
  value: string,
  counts: ResealCounts,
  unreadableKeys: Set<string>,
): string | null {
  const keyId = sealedKeyId(value);
  if (keyId === cipher.keyring().current.id) return null;
  try {
    const plain = cipher.open(value, context);
    if (keyId) counts.resealed += 1;
    else counts.sealed += 1;
    return cipher.seal(plain, context);
  } catch (error) {
    if (!(error instanceof FieldCipherError)) throw error;
    counts.unreadable += 1;
    unreadableKeys.add(keyId ?? '?');
    return null;
  }
}

function valuesList(rows: readonly { key: string; old: string; next: string }[]): SQL {
  return sql.join(
    rows.map((row) => sql`(${row.key}::text, ${row.old}::text, ${row.next}::text)`),
    sql`, `,
  );
}

async function resealTextColumn(
  db: DbExecutor,
  cipher: FieldCipher,
  spec: TextColumn,
  run: { counts: ResealCounts; unreadableKeys: Set<string>; batchSize: number; stopped: () => boolean },
): Promise<void> {
  const { table, key, keyType, field } = spec;
  let after: string | null = null;
  while (!run.stopped()) {
    const prefix = `v1.${cipher.keyring().current.id}.`;
    const rows: Row[] = await queryRows<Row>(
      db,
      sql`select ${raw(key)}::text as key, user_id as owner, ${raw(field)} as value from ${raw(table)}
          where ${raw(field)} is not null and not starts_with(${raw(field)}, ${prefix})
          ${after === null ? sql`` : sql`and ${raw(key)} > ${after}::${sql.raw(keyType)}`}
          order by ${raw(key)} limit ${run.batchSize}`,
    );
    if (rows.length === 0) return;
    after = rows.at(-1)?.key ?? null;
    const changes = rows.flatMap((row) => {
      const context = privateContext(spec.column, row.owner);
      const next = resealed(cipher, context, row.value, run.counts, run.unreadableKeys);
      return next === null ? [] : [{ key: row.key, old: row.value, next }];
    });
    if (changes.length > 0) {
      await db.execute(
        sql`update ${raw(table)} set ${raw(field)} = v.next
            from (values ${valuesList(changes)}) as v(key, old, next)
            where ${raw(table)}.${raw(key)} = v.key::${sql.raw(keyType)} and ${raw(table)}.${raw(field)} = v.old`,
      );
    }
  }
}

/** The onboarding answers: strings in the `answers` array of `profiles.profile_v0`, each sealed on its own. */
async function resealAnswers(
  db: DbExecutor,
  cipher: FieldCipher,
  run: { counts: ResealCounts; unreadableKeys: Set<string>; batchSize: number; stopped: () => boolean },
): Promise<void> {
  let after: string | null = null;
  while (!run.stopped()) {
    const prefix = `v1.${cipher.keyring().current.id}.`;
    const rows: { key: string; answers: unknown }[] = await queryRows<{ key: string; answers: unknown }>(
      db,
      sql`select user_id as key, profile_v0->'answers' as answers from profiles
          where jsonb_typeof(profile_v0->'answers') = 'array'
            and exists (select 1 from jsonb_array_elements(profile_v0->'answers') as a(v)
                        where jsonb_typeof(a.v) = 'string' and not starts_with(a.v #>> '{}', ${prefix}))
            ${after === null ? sql`` : sql`and user_id > ${after}`}
          order by user_id limit ${run.batchSize}`,
    );
    if (rows.length === 0) return;
    after = rows.at(-1)?.key ?? null;
    const changes = rows.flatMap((row) => {
      const answers = (typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers) as unknown[];
      const context = privateContext('profiles.answers', row.key);
      let changed = false;
      const next = answers.map((answer) => {
        if (typeof answer !== 'string') return answer;
        const sealed = resealed(cipher, context, answer, run.counts, run.unreadableKeys);
        if (sealed === null) return answer;
        changed = true;
        return sealed;
      });
      return changed ? [{ key: row.key, old: JSON.stringify(answers), next: JSON.stringify(next) }] : [];
    });
    if (changes.length > 0) {
      await db.execute(
        sql`update profiles set profile_v0 = jsonb_set(profile_v0, '{answers}', v.next::jsonb)
            from (values ${valuesList(changes)}) as v(key, old, next)
            where profiles.user_id = v.key and profiles.profile_v0->'answers' = v.old::jsonb`,
      );
    }
  }
}

/** Seals every private value that is not under the current key yet, in batches; see the top of the file. */
export async function resealPrivateText(
  deps: { db: DbExecutor; cipher: FieldCipher; logger?: Logger },
  options: { batchSize?: number; stopped?: () => boolean } = {},
): Promise<ResealCounts> {
  const counts: ResealCounts = { sealed: 0, resealed: 0, unreadable: 0 };
  const run = {
    counts,
    unreadableKeys: new Set<string>(),
    batchSize: options.batchSize ?? RESEAL_BATCH_SIZE,
    stopped: options.stopped ?? (() => false),
  };
  for (const spec of TEXT_COLUMNS) await resealTextColumn(deps.db, deps.cipher, spec, run);
  await resealAnswers(deps.db, deps.cipher, run);
  if (counts.unreadable > 0) {
    deps.logger?.error(
      { unreadable: counts.unreadable, keyIds: [...run.unreadableKeys] },
      'private values that no configured key opens were left as they are: add their key to ENCRYPTION_KEYS_OLD',
    );
  }
  return counts;
}
