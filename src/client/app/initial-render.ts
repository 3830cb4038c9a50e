import { createContext, useContext } from 'react';

/**
 * What the first render must agree on with the server's HTML: whether the page was server-rendered and, if
 * so, whether it showed the reveal veil. Null on pages the browser renders from scratch.
 */
export type InitialRender = { veiled: boolean } | null;

export const InitialRenderContext = createContext<InitialRender>(null);

export function useInitialRender(): InitialRender {
  return useContext(InitialRenderContext);
}
