/**
 * Paging through a keyset-paged list: the server gives the cursor of the next page; going back needs the
 * cursors of the pages before, kept here as a stack (page 1's cursor is null).
 */
export type PageCursors = readonly (string | null)[];

export const FIRST_PAGE: PageCursors = [null];

export function nextPage(stack: PageCursors, cursor: string): PageCursors {
  return [...stack, cursor];
}

export function previousPage(stack: PageCursors): PageCursors {
  return stack.length > 1 ? stack.slice(0, -1) : stack;
}

export function currentCursor(stack: PageCursors): string | null {
  return stack.at(-1) ?? null;
}
