import { isValidApiKey, maskSecret } from '@shared/domain/admin';
import type { TProviderKeyStatus } from '@shared/schemas/admin';
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { appSecrets } from '../../db/schema/admin';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { type AuditActor, recordAudit } from '../admin/audit';

/**
 * The e-mail provider key (spec §2 API settings): stored sealed with the secret box, shown only masked. While
 * one is stored, mail goes through the provider's API (`createProviderAwareTransport`).
 */
export const PROVIDER_KEY_NAME = 'mail_provider_key';

type Change = { actor: AuditActor; ip: string | null; now: Date };

const NOT_CONFIGURED: TProviderKeyStatus = { configured: false, masked: null, updatedAt: null };

/** Whether a key is stored, and its mask; never decrypts. */
export async function getProviderKeyStatus(db: DbExecutor): Promise<TProviderKeyStatus> {
  const [row] = await db
    .select({ hint: appSecrets.hint, updatedAt: appSecrets.updatedAt })
    .from(appSecrets)
    .where(eq(appSecrets.name, PROVIDER_KEY_NAME));
  if (!row) return NOT_CONFIGURED;
  return { configured: true, masked: row.hint, updatedAt: row.updatedAt.toISOString() };
}

/** Stores (or replaces) the key. The audit record names the change and the mask, never the key. */
export async function setProviderKey(
  db: Database,
  input: Change & { secret: string; key: string },
): Promise<{ ok: true; status: TProviderKeyStatus } | { ok: false; error: 'invalid_api_key' }> {
  const key = input.key.trim();
  if (!isValidApiKey(key)) return { ok: false, error: 'invalid_api_key' };
  const hint = maskSecret(key);
  const values = {
    ciphertext: sealSecret(input.secret, PROVIDER_KEY_NAME, key),
    hint,
    updatedAt: input.now,
    updatedBy: input.actor?.email ?? null,
  };
  const status = await db.transaction(async (tx) => {
    const before = await getProviderKeyStatus(tx);
    await tx
      .insert(appSecrets)
      .values({ name: PROVIDER_KEY_NAME, ...values })
      .onConflictDoUpdate({ target: appSecrets.name, set: values });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'mail.provider_key.set',
      target: PROVIDER_KEY_NAME,
      details: { masked: hint, replaced: before.configured },
      ip: input.ip,
      at: input.now,
    });
    return getProviderKeyStatus(tx);
  });
  return { ok: true, status };
}

/** Removes the key: mail goes through SMTP (or files) again. */
export async function clearProviderKey(db: Database, input: Change): Promise<TProviderKeyStatus> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(appSecrets)
      .where(eq(appSecrets.name, PROVIDER_KEY_NAME))
      .returning({ name: appSecrets.name });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'mail.provider_key.clear',
      target: PROVIDER_KEY_NAME,
      details: { existed: removed.length > 0 },
      ip: input.ip,
      at: input.now,
    });
    return NOT_CONFIGURED;
  });
}

/**
 * The key in clear, or null when none is stored. Throws when the stored one cannot be opened (SESSION_SECRET
 * changed since it was set): sending then fails visibly, instead of quietly going another way.
 */
export async function readProviderKey(db: DbExecutor, secret: string): Promise<string | null> {
  const [row] = await db
    .select({ ciphertext: appSecrets.ciphertext })
    .from(appSecrets)
    .where(eq(appSecrets.name, PROVIDER_KEY_NAME));
  if (!row) return null;
  try {
    return openSecret(secret, PROVIDER_KEY_NAME, row.ciphertext);
  } catch (error) {
    throw new Error(
      'the stored e-mail provider key cannot be decrypted (was SESSION_SECRET changed?); set it again',
      { cause: error },
    );
  }
}
