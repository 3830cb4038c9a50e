import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Runs after every other end-to-end test (its own Playwright project, which depends on them): the app's
 * log of the whole run (at `info`, what production logs) must not hold any text the browsers sent to the
 * API: passwords, addresses, reflections, answers, bubble names, tokens from e-mail links (issue 17).
 */
test('the app logged none of the texts the journeys typed', () => {
  const dir = process.env.E2E_LOG_DIR ?? '';
  const log = fs.readFileSync(path.join(dir, 'server.log'), 'utf8');
  // The log is really there, at the level that writes a line per request.
  expect(log.match(/"msg":"request"/g)?.length ?? 0).toBeGreaterThan(100);

  const sent = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith('sent-texts-'))
    .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').trim().split('\n'))
    .map((line) => JSON.parse(line) as { test: string; texts: string[] });
  const texts = sent.flatMap((entry) => entry.texts.map((text) => ({ test: entry.test, text })));
  // The journeys typed passwords, addresses and reflections: the check has something to look for.
  expect(texts.length).toBeGreaterThan(20);

  // JSON escapes quotes, backslashes and control characters; look for the text as the log would hold it.
  const leaks = texts
    .filter(({ text }) => log.includes(text) || log.includes(JSON.stringify(text).slice(1, -1)))
    .map(({ test: title, text }) => `${title}: ${text.slice(0, 3)}… (${text.length} characters)`);
  expect(leaks).toEqual([]);
});
