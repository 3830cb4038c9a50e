import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The fonts are cut to the weights 400–700 (scripts/subset-fonts.mjs, decision 057). */
const STYLES = import.meta.dirname;
const CSS = fs.readFileSync(path.join(STYLES, 'fonts.css'), 'utf8');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) ? [full] : [];
  });
}

describe('the subset fonts', () => {
  it('declare only files that are there, each for the weights 400 to 700', () => {
    const faces = [...CSS.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => body ?? '');
    expect(faces.length).toBeGreaterThanOrEqual(10);
    for (const face of faces) {
      const file = /url\(\.\/fonts\/([^)]+)\)/.exec(face)?.[1] ?? '';
      expect(fs.existsSync(path.join(STYLES, 'fonts', file)), file).toBe(true);
      expect(face).toContain('font-weight: 400 700;');
    }
  });

  it('are not asked for a weight they do not have', () => {
    const outside = /\bfont-(thin|extralight|light|extrabold|black)\b|font-weight:\s*(100|200|300|800|900)\b/;
    const offenders = sourceFiles(path.resolve(STYLES, '..'))
      .filter((file) => !file.endsWith('fonts.test.ts'))
      .filter((file) => outside.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
