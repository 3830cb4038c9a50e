import { useSyncExternalStore } from 'react';
import { type RecipientSelection, recipientSelection } from '../lib/recipient-selection';

/** The newsletter list's selection, re-rendering when it changes (in this section or another). */
export function useRecipientSelection(): RecipientSelection {
  return useSyncExternalStore(recipientSelection.subscribe, recipientSelection.get, recipientSelection.get);
}
