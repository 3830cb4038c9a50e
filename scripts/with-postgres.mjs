// `node scripts/with-postgres.mjs <command> [args...]`: runs the command against a throwaway PostgreSQL, with
// TEST_DATABASE_URL pointing at a database of its own. When TEST_DATABASE_URL is already set (npm test starts
// one server for all its stages), the command gets a new database on that server, dropped afterwards;
// otherwise a throwaway cluster is started for it (scripts/postgres-cluster.mjs) and removed afterwards.
// Exits 77 (skipped) when no PostgreSQL server binaries are installed.
import { spawn } from 'node:child_process';
import { createRunDatabase, log, startThrowawayPostgres } from './postgres-cluster.mjs';

const SKIPPED = 77;

function runCommand(command, args, env) {
  const child = spawn(command, args, { stdio: 'inherit', env, shell: false });
  const exited = new Promise((resolve) => {
    child.on('error', (error) => {
      log(`could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(signal ? 1 : code));
  });
  return { child, exited };
}

async function main(argv) {
  if (argv.length === 0) {
    log('usage: node scripts/with-postgres.mjs <command> [args...]');
    return 2;
  }
  let child = null;
  let interrupted = null;
  // The handlers stay installed through clean-up so a second Ctrl-C cannot leave the cluster running.
  const onSignal = (signal) => {
    interrupted = signal;
    child?.kill(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let server;
  let ownCluster = null;
  try {
    if (process.env.TEST_DATABASE_URL) {
      server = process.env.TEST_DATABASE_URL;
    } else {
      ownCluster = await startThrowawayPostgres();
      if (ownCluster.missing) {
        console.log(`PostgreSQL binaries not found (${ownCluster.missing}): skipping the PostgreSQL run`);
        return SKIPPED;
      }
      server = ownCluster.url;
      log(`PostgreSQL ${ownCluster.version} cluster on ${new URL(server).host}`);
    }
  } catch (error) {
    log(error.message);
    return 1;
  }
  let database = null;
  try {
    if (interrupted) throw new Error(`${interrupted} received during setup; the command was not run`);
    database = await createRunDatabase(server);
    const run = runCommand(argv[0], argv.slice(1), { ...process.env, TEST_DATABASE_URL: database.url });
    child = run.child;
    return await run.exited;
  } catch (error) {
    log(error.message);
    return 1;
  } finally {
    // An own cluster goes whole; on a shared server only this command's database is dropped.
    if (ownCluster?.stop) await ownCluster.stop();
    else await database?.drop().catch((error) => log(`could not drop ${database.url}: ${error.message}`));
  }
}

process.exit(await main(process.argv.slice(2)));
