import type { TLocale } from './domain/locale';
import type { TPageContent } from './schemas/site';

/**
 * The contract between the server and the server-rendering build of the client (dist/ssr): the server
 * loads that build at run time and calls `render`, so neither side imports the other's source.
 */
export type TSsrInput = {
  /** The full request URL. */
  url: string;
  locale: TLocale;
  /** The translations of `locale` (src/shared/i18n). */
  messages: Record<string, string>;
  /** The page's texts and SEO data, as embedded for the client. */
  pageContent: TPageContent;
  /** Whether the visitor has revealed the site this session (the REVEALED_COOKIE). */
  revealed: boolean;
  /**
   * The request carries no session cookie, so nobody is signed in: the page renders as it does for a
   * signed-out visitor, and the HTML tells the client so (SESSION_HINT_ELEMENT_ID), which then asks no one.
   */
  signedOut: boolean;
};

/** The markup for #root, and the source modules (Vite manifest keys) the page needs, for preloading. */
export type TSsrOutput = { html: string; modules: string[] };

export type SsrRender = (input: TSsrInput) => Promise<TSsrOutput | null>;

/** Spec §3 keeps "revealed" in session storage; this session cookie tells the server too (decision 013). */
export const REVEALED_COOKIE = 'mirror-revealed';

/**
 * The element of a server-rendered page that holds `{"user":null}` when the request had no session cookie
 * (decision 054): the browser's first render then agrees with the server's without asking who is signed in.
 */
export const SESSION_HINT_ELEMENT_ID = 'mirror-session';
