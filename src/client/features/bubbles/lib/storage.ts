/**
 * The bubbles this browser holds (spec §3 "Local browser storage", §7 "Browser storage"): one history per
 * category in localStorage, the answer and history cookies of each category, and the seeds that keep the mock
 * bubbles and their layout the same for a whole session. Anything unreadable counts as empty: storage can be
 * disabled or full, and a bad value must never break a page.
 */
import {
  type Bubble,
  bubbleImportance,
  CATEGORIES,
  type Category,
  categorySlug,
} from '@shared/domain/bubbles';
import { ROUTES } from '@shared/routes';

const PREFIX = 'mirror';

/** Spec §3: the product prefix, the lowercase category and "history": `mirror.trusthistory`. */
export function historyKey(category: Category): string {
  return `${PREFIX}.${categorySlug(category)}history`;
}

/** Spec §3/§9: the questionnaire's cookies, named from the lowercase category, kept 365 days. */
export function answerCookieName(category: Category): string {
  return `${PREFIX}_${categorySlug(category)}_answer`;
}
export function historyCookieName(category: Category): string {
  return `${PREFIX}_${categorySlug(category)}_history`;
}
export const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The history cookie names only the newest few ids: a cookie must stay well under 4 KB. */
export const HISTORY_COOKIE_IDS = 5;

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '');
}

/** One stored bubble, or null when it is not one. A missing or odd importance is 5 (spec §3). */
export function parseStoredBubble(value: unknown, category: Category): Bubble | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  if (typeof item.id !== 'string' || item.id === '') return null;
  if (item.category !== undefined && item.category !== category) return null;
  if (!isStringArray(item.whoTrusted) || item.whoTrusted.length === 0) return null;
  if (typeof item.name !== 'string' || item.name.trim() === '') return null;
  if (typeof item.when !== 'string' || item.when === '') return null;
  return {
    id: item.id,
    category,
    whoTrusted: item.whoTrusted,
    name: item.name,
    when: item.when,
    importance: bubbleImportance({
      importance: typeof item.importance === 'number' ? item.importance : null,
    }),
    createdAt: typeof item.createdAt === 'string' ? item.createdAt : '',
  };
}

/** The parsed history; bad JSON, a non-array or unreadable storage give an empty one, bad entries are skipped. */
export function parseHistory(raw: string | null, category: Category): Bubble[] {
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  const bubbles: Bubble[] = [];
  for (const item of parsed) {
    const bubble = parseStoredBubble(item, category);
    if (!bubble || seen.has(bubble.id)) continue;
    seen.add(bubble.id);
    bubbles.push(bubble);
  }
  return bubbles;
}

export function readHistory(category: Category): Bubble[] {
  try {
    return parseHistory(window.localStorage.getItem(historyKey(category)), category);
  } catch {
    return [];
  }
}

/** Every category's history. */
export function readAllHistories(): Record<Category, Bubble[]> {
  return Object.fromEntries(CATEGORIES.map((category) => [category, readHistory(category)])) as Record<
    Category,
    Bubble[]
  >;
}

/** Replaces a category's history; false when the browser refused (private mode, full storage). */
export function writeHistory(category: Category, bubbles: readonly Bubble[]): boolean {
  try {
    window.localStorage.setItem(historyKey(category), JSON.stringify(bubbles));
    notifyHistoryChanged();
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds a bubble to its category's history (once per id), writes the history cookie and, the answer being kept,
 * clears the category's answer in progress; false when storage refused.
 */
export function appendToHistory(bubble: Bubble): boolean {
  const history = readHistory(bubble.category);
  const next = history.some((item) => item.id === bubble.id) ? history : [...history, bubble];
  const saved = writeHistory(bubble.category, next);
  if (saved) {
    writeCookie(historyCookieName(bubble.category), historyCookieValue(next), '/');
    clearAnswerDraft(bubble.category);
  }
  return saved;
}

/** The value of the history cookie: how many answers there are and the ids of the newest few. */
export function historyCookieValue(history: readonly Bubble[]): string {
  const ids = history.slice(-HISTORY_COOKIE_IDS).map((bubble) => bubble.id);
  return encodeURIComponent(JSON.stringify({ count: history.length, ids }));
}

/**
 * The answer cookie holds the answer in progress (see `AnswerDraft`). Only the questionnaire reads it, so it
 * goes with requests for /app alone: the moment's name is private text and has no business in API requests.
 */
const ANSWER_COOKIE_PATH = ROUTES.app.path;

/** The category's answer in progress as it was written (JSON), or null. */
export function readAnswerDraft(category: Category): string | null {
  return readCookie(answerCookieName(category));
}

export function writeAnswerDraft(category: Category, json: string) {
  writeCookie(answerCookieName(category), encodeURIComponent(json), ANSWER_COOKIE_PATH);
}

/** Forgets the answer in progress (also the last answer that earlier versions kept for the whole site). */
export function clearAnswerDraft(category: Category) {
  for (const path of [ANSWER_COOKIE_PATH, '/']) writeCookie(answerCookieName(category), '', path, 0);
}

function writeCookie(name: string, value: string, path: string, maxAge = COOKIE_MAX_AGE_SECONDS) {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser yet
    document.cookie = `${name}=${value}; Path=${path}; Max-Age=${maxAge}; SameSite=Lax`;
  } catch {
    // cookies disabled: the answer in progress lasts as long as the page
  }
}

/** A cookie's decoded value; the first of the name is the one of the longest path. */
export function readCookie(name: string): string | null {
  let all: string;
  try {
    all = document.cookie;
  } catch {
    return null;
  }
  for (const part of all.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

// ---- which account a stored bubble belongs to -----------------------------------------------------------

/**
 * Bubbles that came from, or went to, an account are marked with its user id, so that another person who
 * signs in on the same browser neither sees nor uploads them. Unmarked bubbles are a visitor's answers.
 */
const OWNERS_KEY = `${PREFIX}.bubbleOwners`;

export function parseOwners(raw: string | null): Record<string, string> {
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function readOwners(): Record<string, string> {
  try {
    return parseOwners(window.localStorage.getItem(OWNERS_KEY));
  } catch {
    return {};
  }
}

export function markOwner(bubbleIds: readonly string[], userId: string) {
  if (bubbleIds.length === 0) return;
  const owners = readOwners();
  for (const id of bubbleIds) owners[id] = userId;
  try {
    window.localStorage.setItem(OWNERS_KEY, JSON.stringify(owners));
    notifyHistoryChanged();
  } catch {
    // unmarked bubbles stay visible to the next visitor of this browser, as the spec's local history does
  }
}

// ---- change notification ----------------------------------------------------------------------------------

const listeners = new Set<() => void>();

function notifyHistoryChanged() {
  for (const listener of listeners) listener();
}

/** Calls back when a history changes in this tab or another (the `storage` event). */
export function subscribeToHistories(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(`${PREFIX}.`)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// ---- session seeds ------------------------------------------------------------------------------------------

const SEEDS_KEY = `${PREFIX}.bubbleSeeds`;

/**
 * A random seed for `scope` (say "profile:trust") that stays the same for the browser session, so a reload
 * shows the same mock bubbles in the same places. Without session storage it lasts as long as the page.
 */
const pageSeeds = new Map<string, number>();
export function sessionSeed(scope: string): number {
  const known = pageSeeds.get(scope);
  if (known !== undefined) return known;
  let seeds: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(SEEDS_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      seeds = parsed as Record<string, unknown>;
    }
  } catch {
    // bad JSON or no storage: a new seed
  }
  const stored = seeds[scope];
  const seed =
    typeof stored === 'number' && Number.isInteger(stored) ? stored : Math.floor(Math.random() * 2 ** 31);
  pageSeeds.set(scope, seed);
  try {
    window.sessionStorage.setItem(SEEDS_KEY, JSON.stringify({ ...seeds, [scope]: seed }));
  } catch {
    // as above
  }
  return seed;
}
