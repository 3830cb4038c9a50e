import { ADMIN_OPEN_SECTIONS_COOKIE, ADMIN_SECTIONS } from '@shared/domain/admin';
import { describe, expect, it } from 'vitest';
import { openSectionsCookie, readOpenSections } from './open-sections';

const pairOf = (assignment: string) => assignment.split(';')[0] ?? '';

describe('readOpenSections', () => {
  it('reads the remembered sections among other cookies, in page order', () => {
    expect(
      readOpenSections(`locale=de; ${ADMIN_OPEN_SECTIONS_COOKIE}=idGenerator,newsletterList; other=1`),
    ).toEqual(['newsletterList', 'idGenerator']);
  });

  it('reads no cookie, or an empty one, as none open', () => {
    expect(readOpenSections('')).toEqual([]);
    expect(readOpenSections('locale=en')).toEqual([]);
    expect(readOpenSections(`${ADMIN_OPEN_SECTIONS_COOKIE}=`)).toEqual([]);
  });

  it('drops unknown names and repeats', () => {
    expect(readOpenSections(`${ADMIN_OPEN_SECTIONS_COOKIE}=gone,apiSettings,apiSettings,%22x%22`)).toEqual([
      'apiSettings',
    ]);
  });

  it('round-trips through openSectionsCookie', () => {
    const assignment = openSectionsCookie([...ADMIN_SECTIONS].reverse());
    expect(readOpenSections(pairOf(assignment))).toEqual([...ADMIN_SECTIONS]);
    expect(pairOf(openSectionsCookie(['emailRouting', 'unknown', 'emailRouting']))).toBe(
      `${ADMIN_OPEN_SECTIONS_COOKIE}=emailRouting`,
    );
  });

  it('is a cookie only /list is sent, kept for a year', () => {
    expect(openSectionsCookie([])).toBe(
      `${ADMIN_OPEN_SECTIONS_COOKIE}=; Path=/list; Max-Age=31536000; SameSite=Lax`,
    );
  });
});
