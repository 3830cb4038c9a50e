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
  /** The landing opens without its veil this once (the HOME_CLEAR_COOKIE: a language switch there). */
  homeClear: boolean;
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
 * The landing is veiled whenever it is opened (spec §4), unless the logo or a language switch there asked for
 * it clear. In the app that is the `homeForceClear` session flag; the landing opened from the server
 * (decision 059) reloads to switch language, and this short-lived cookie tells the server to draw it clear.
 */
export const HOME_CLEAR_COOKIE = 'mirror-home-clear';
export const HOME_CLEAR_COOKIE_MAX_AGE_SECONDS = 10;

/**
 * The element of a server-rendered page that holds `{"user":null}` when the request had no session cookie
 * (decision 054): the browser's first render then agrees with the server's without asking who is signed in.
 */
export const SESSION_HINT_ELEMENT_ID = 'mirror-session';
