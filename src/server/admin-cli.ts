import readline from 'node:readline';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './lib/data-dir-lock';
import { createLogger } from './lib/logger';
import { forgetLoginFailures } from './lib/login-throttle';
import { resolveSessionSecret } from './lib/secrets';
import { createStaffAccount, StaffAccountError } from './modules/admin/service';

// `npm run admin:create -- --email you@example.com [--reset]`: adds a staff account (or, with --reset, sets
// a new password for an existing one) in the database the configuration names. The password comes from
// ADMIN_PASSWORD or is asked for twice without echo.

const MIGRATIONS_DIR = fileURLToPath(new URL('./db/migrations', import.meta.url));

const USAGE = `usage: npm run admin:create -- --email <address> [--reset]
  --email   the staff member's e-mail address
  --reset   set a new password for an existing account (ends its sessions, forgets its failed sign-ins,
            turns off its two-factor sign-in)
The password is read from ADMIN_PASSWORD, or asked for (at least 12 characters).`;

/** Reads a line from the terminal without showing what is typed. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY)
    throw new StaffAccountError('set ADMIN_PASSWORD, or run this in a terminal to type it');
  const first = await askHidden('Password (at least 12 characters): ');
  const second = await askHidden('The same password again: ');
  if (first !== second) throw new StaffAccountError('the two passwords differ');
  return first;
}

async function main(): Promise<number> {
  let options: { email?: string; reset?: boolean; help?: boolean };
  try {
    ({ values: options } = parseArgs({
      options: {
        email: { type: 'string' },
        reset: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options.help || !options.email) {
    console.error(USAGE);
    return options.help ? 0 : 2;
  }

  // The password may be in the environment only for this command; it is not the bootstrap pair.
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...env } = process.env;
  const config = loadConfig({ ...env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const logger = createLogger({ level: config.logLevel });
  const password = await readPassword();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  try {
    await database.migrate(MIGRATIONS_DIR);
    const account = await createStaffAccount(database.db, {
      email: options.email,
      password,
      now: new Date(),
      replacePassword: options.reset ?? false,
    });
    if (!account.created) {
      const secret = resolveSessionSecret({ configured: config.sessionSecret, dataDir: config.dataDir });
      await forgetLoginFailures({ db: database.db, secret }, { scope: 'staff', email: account.email });
    }
    process.stdout.write(
      account.created
        ? `Staff account ${account.email} created. Sign in at ${config.appUrl}/admin-login\n`
        : `New password set for ${account.email}; its sessions have ended.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (
    error instanceof StaffAccountError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError
  ) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
