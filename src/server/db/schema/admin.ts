import type { StaffRole, StaffSessionStage } from '@shared/domain/staff';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Staff accounts (spec §1 administrator), apart from users: their own table, password hashes (argon2id)
 * and sessions. Wrong passwords are counted by the sign-in throttle (`login_throttles`), not here.
 * `role` decides what the account may do (decision 022); accounts that existed before roles are owners.
 * Two-factor sign-in (decision 024): `totp_secret` is sealed with the secret box, `totp_last_step` is the
 * time step of the last code accepted, so a code works once.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    lastLoginIp: text('last_login_ip'),
    lastLoginUserAgent: text('last_login_user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    role: text('role').$type<StaffRole>().notNull().default('editor'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * The account's budget of second-factor attempts (decision 024): wrong codes since the last success or
     * lockout, across every half-done sign-in; at SECOND_FACTOR_ACCOUNT_BUDGET the account's second factor
     * waits until `secondFactorLockedUntil`, and each lockout before a success doubles the wait.
     */
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    secondFactorLockouts: integer('second_factor_lockouts').notNull().default(0),
    secondFactorLockedUntil: timestamp('second_factor_locked_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('staff_accounts_email_lower_ck', sql`${table.email} = lower(${table.email})`),
    check('staff_accounts_role_ck', sql`${table.role} in ('owner', 'editor')`),
  ],
);

/** The single-use recovery codes of a staff member's two-factor sign-in, stored as keyed hashes. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('staff_recovery_codes_staff_idx').on(table.staffId)],
);

/**
 * Invitations to the staff (decision 022): an owner names an address and a role; the link (signed, with the
 * row's `nonce`) lets that person set a password once. One row per address; inviting again renews it.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    role: text('role').$type<StaffRole>().notNull(),
    nonce: text('nonce').notNull(),
    language: text('language').notNull(),
    invitedBy: text('invited_by'),
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('staff_invitations_email_lower_ck', sql`${table.email} = lower(${table.email})`),
    check('staff_invitations_role_ck', sql`${table.role} in ('owner', 'editor')`),
  ],
);

/**
 * Staff sessions: the cookie carries a random 256-bit token; only its SHA-256 is stored, so a copy of the
 * database does not let anybody in. Absolute expiry (spec §9: 8 hours); logging out deletes the row.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** `full`, or a sign-in half done: the second factor or its setup still to come (decision 024). */
    stage: text('stage').$type<StaffSessionStage>().notNull().default('full'),
    secondFactorAttempts: integer('second_factor_attempts').notNull().default(0),
  },
  (table) => [
    index('staff_sessions_staff_idx').on(table.staffId),
    index('staff_sessions_expires_idx').on(table.expiresAt),
    check('staff_sessions_stage_ck', sql`${table.stage} in ('full', 'second_factor', 'setup')`),
  ],
);

/**
 * Who did what, when, to what (every admin change, sign-ins and failed sign-ins). `staff_email` is kept
 * beside the id so the record still reads after an account is removed.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email'),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt),
    index('admin_audit_log_staff_idx').on(table.staffEmail, table.createdAt),
    index('admin_audit_log_action_idx').on(table.action, table.createdAt),
  ],
);

/**
 * Secrets staff set in the admin area (the e-mail provider key), encrypted at rest with AES-256-GCM under a
 * key derived from SESSION_SECRET: `ciphertext` is `v1.<iv>.<tag>.<data>` in base64url.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  ciphertext: text('ciphertext').notNull(),
  hint: text('hint').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedBy: text('updated_by'),
});
