import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-file';

const NOW = new Date(2026, 2, 9, 23, 30);

describe('exportFileName', () => {
  it('falls back to mirror-export-<local date>.json', () => {
    expect(exportFileName(null, NOW)).toBe('mirror-export-2026-03-09.json');
    expect(exportFileName('attachment', NOW)).toBe('mirror-export-2026-03-09.json');
    expect(exportFileName(null, NOW, { stem: 'mirror-reflections', extension: 'md' })).toBe(
      'mirror-reflections-2026-03-09.md',
    );
  });

  it('uses the server name, quoted or not', () => {
    expect(exportFileName('attachment; filename="mirror-2026.json"', NOW)).toBe('mirror-2026.json');
    expect(exportFileName('attachment; filename=mirror.json', NOW)).toBe('mirror.json');
  });

  it('prefers the UTF-8 name (RFC 6266)', () => {
    expect(
      exportFileName(`attachment; filename="export.json"; filename*=UTF-8''m%C3%BCller%20export.json`, NOW),
    ).toBe('müller export.json');
  });

  it('keeps the name to one harmless segment', () => {
    expect(exportFileName('attachment; filename="../../etc/passwd"', NOW)).toBe('_.._etc_passwd');
    expect(exportFileName('attachment; filename="..."', NOW)).toBe('mirror-export-2026-03-09.json');
    expect(exportFileName(`attachment; filename*=UTF-8''%E0%A4%A`, NOW)).toBe(
      'mirror-export-2026-03-09.json',
    );
  });
});
