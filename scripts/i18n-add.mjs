// Adds translations to src/shared/i18n/en.json and de.json from a JSON file of
// { "some.key": { "en": "…", "de": "…" } }. Existing keys are replaced in place, new ones appended.
// Several people may run it at once: run it as `flock .i18n.lock node scripts/i18n-add.mjs file.json`.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/i18n-add.mjs <file.json>');
  process.exit(2);
}
const additions = JSON.parse(fs.readFileSync(file, 'utf8'));
for (const locale of ['en', 'de']) {
  const target = path.join(ROOT, 'src/shared/i18n', `${locale}.json`);
  const messages = JSON.parse(fs.readFileSync(target, 'utf8'));
  for (const [key, texts] of Object.entries(additions)) {
    if (typeof texts?.[locale] !== 'string' || !texts[locale].trim()) {
      console.error(`${key}: missing the ${locale} text`);
      process.exit(1);
    }
    messages[key] = texts[locale];
  }
  fs.writeFileSync(target, `${JSON.stringify(messages, null, 2)}\n`);
}
console.log(`added ${Object.keys(additions).length} keys to en.json and de.json`);
