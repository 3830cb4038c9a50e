import { describe, expect, it } from 'vitest';
import { currentCursor, FIRST_PAGE, nextPage, previousPage } from './page-cursors';

describe('page cursors', () => {
  it('goes forward with the cursor the server gave, and back to the cursor before', () => {
    const second = nextPage(FIRST_PAGE, 'b');
    const third = nextPage(second, 'c');
    expect(currentCursor(FIRST_PAGE)).toBeNull();
    expect(currentCursor(third)).toBe('c');
    expect(currentCursor(previousPage(third))).toBe('b');
    expect(previousPage(previousPage(third))).toEqual(FIRST_PAGE);
    expect(previousPage(FIRST_PAGE)).toBe(FIRST_PAGE);
    expect(third).toHaveLength(3);
  });
});
