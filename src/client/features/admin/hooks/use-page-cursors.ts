import { useState } from 'react';
import { currentCursor, FIRST_PAGE, nextPage, type PageCursors, previousPage } from '../lib/page-cursors';

/**
 * The page of a keyset-paged list on screen; back to page 1 whenever `resetOn` changes (a new search, sort
 * or filter starts from the top).
 */
export function usePageCursors(resetOn: readonly unknown[]) {
  const key = JSON.stringify(resetOn);
  const [state, setState] = useState<{ key: string; stack: PageCursors }>({ key, stack: FIRST_PAGE });
  const stack = state.key === key ? state.stack : FIRST_PAGE;
  return {
    cursor: currentCursor(stack),
    page: stack.length,
    hasPrevious: stack.length > 1,
    next: (cursor: string) => setState({ key, stack: nextPage(stack, cursor) }),
    previous: () => setState({ key, stack: previousPage(stack) }),
  };
}
