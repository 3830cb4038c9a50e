// `node scripts/subset-fonts.mjs`: writes src/client/styles/fonts/ and fonts.css from the @fontsource-variable
// packages, each file cut to the weights the app uses (decision 057). Run it after updating those packages
// and commit what it writes; the build uses the committed files and needs no font tools.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'src/client/styles/fonts');
const CSS_FILE = path.join(ROOT, 'src/client/styles/fonts.css');

/**
 * The weight axis kept: `font-normal` (400) to bold (700, what `<strong>` asks for in body text). Every
 * OpenType feature and glyph of each file stays (tabular figures, ligatures, alternates).
 */
const WEIGHT_RANGE = { min: 400, max: 700 };
const FAMILIES = ['inter', 'fraunces'];

/** The code points of a CSS unicode-range value ("U+0000-00FF,U+0131,…"). */
function codePoints(range) {
  let text = '';
  for (const part of range.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let code = Number.parseInt(from, 16); code <= Number.parseInt(to, 16); code += 1) {
      if (code >= 0x20 && (code < 0xd800 || code > 0xdfff)) text += String.fromCodePoint(code);
    }
  }
  return text;
}

function fontFaces(css) {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const field = (name) => new RegExp(`${name}:\\s*([^;]+);`).exec(body)?.[1].trim();
    return {
      family: field('font-family'),
      file: /url\(\.\/files\/([^)]+)\)/.exec(body)?.[1],
      unicodeRange: field('unicode-range'),
    };
  });
}

const rules = [
  '/* Written by scripts/subset-fonts.mjs from @fontsource-variable (decision 057): do not edit by hand. */',
];
fs.rmSync(OUT_DIR, { recursive: true, force: true });
fs.mkdirSync(OUT_DIR, { recursive: true });
for (const family of FAMILIES) {
  const packageDir = path.join(ROOT, 'node_modules/@fontsource-variable', family);
  fs.copyFileSync(path.join(packageDir, 'LICENSE'), path.join(OUT_DIR, `${family}-LICENSE.txt`));
  for (const face of fontFaces(fs.readFileSync(path.join(packageDir, 'wght.css'), 'utf8'))) {
    if (!face.family || !face.file || !face.unicodeRange)
      throw new Error(`unreadable @font-face in ${family}`);
    const source = fs.readFileSync(path.join(packageDir, 'files', face.file));
    const subset = await subsetFont(source, codePoints(face.unicodeRange), {
      targetFormat: 'woff2',
      variationAxes: { wght: WEIGHT_RANGE },
    });
    fs.writeFileSync(path.join(OUT_DIR, face.file), subset);
    console.log(`${face.file}: ${source.length} → ${subset.length} bytes`);
    rules.push(
      [
        '@font-face {',
        `  font-family: ${face.family};`,
        '  font-style: normal;',
        '  font-display: swap;',
        `  font-weight: ${WEIGHT_RANGE.min} ${WEIGHT_RANGE.max};`,
        `  src: url(./fonts/${face.file}) format("woff2-variations");`,
        `  unicode-range: ${face.unicodeRange};`,
        '}',
      ].join('\n'),
    );
  }
}
fs.writeFileSync(CSS_FILE, `${rules.join('\n\n')}\n`);
execFileSync(path.join(ROOT, 'node_modules/.bin/biome'), ['format', '--write', CSS_FILE], {
  stdio: 'inherit',
});
