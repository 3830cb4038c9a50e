/**
 * Searching one's own reflections (issue 14), in English and German: text and query are folded alike, so
 * case and accents do not matter, "ü" finds "ue" and the other way round, and "ß" finds "ss". Matches are
 * found in the folded text and mapped back to the original, so the words can be highlighted as written.
 * Pure functions: the server searches with them, the browser highlights with them.
 */

/** A half-open range `[start, end)` of UTF-16 positions in the original text. */
export type TextRange = readonly [start: number, end: number];

/**
 * German spells ä, ö, ü and ß as ae, oe, ue and ss without the special letters (DIN 5007-2). A Greek final
 * sigma is a sigma (so that folding a whole text and folding it letter by letter agree).
 */
const SPELLINGS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ς: 'σ' };
const SPELLED = /[äöüßς]/g;
const COMBINING_MARKS = /\p{M}/gu;
const NOT_ASCII = /[\u0080-\u{10ffff}]/u;

/** Each code point of the text folded: lower case, the spellings above, other accents dropped. */
function foldCodePoint(char: string): string {
  const lower = char.toLowerCase();
  let out = '';
  for (const c of lower) out += SPELLINGS[c] ?? c.normalize('NFD').replace(COMBINING_MARKS, '');
  return out;
}

export type FoldedText = {
  folded: string;
  /** For each UTF-16 unit of `folded`, the original range it came from. */
  starts: Int32Array;
  ends: Int32Array;
};

/** Folds a text for matching and keeps, for every folded unit, where it came from. */
export function foldText(text: string): FoldedText {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let position = 0;
  for (const char of text) {
    const end = position + char.length;
    const out = foldCodePoint(char);
    for (let i = 0; i < out.length; i++) {
      starts.push(position);
      ends.push(end);
    }
    folded += out;
    position = end;
  }
  return { folded, starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/**
 * Folds a text without the position map: the same as `foldText(text).folded`, done on the whole string at
 * once, which is many times faster (a search folds every reflection of a person).
 */
export function foldPlain(text: string): string {
  const lower = text.toLowerCase().replace(SPELLED, (char) => SPELLINGS[char] ?? char);
  // Most text is plain ASCII by now (German included): only other letters can carry accents to drop.
  return NOT_ASCII.test(lower) ? lower.normalize('NFD').replace(COMBINING_MARKS, '') : lower;
}

export const MIN_SEARCH_TERM_LENGTH = 2;
export const MAX_SEARCH_TERMS = 8;
export const MAX_SEARCH_QUERY_LENGTH = 200;

/**
 * The folded words of a query: split at white space, stripped of punctuation at their ends, each at least
 * two characters, each once, at most eight. An empty list means there is nothing to search for.
 */
export function searchTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const word of query.slice(0, MAX_SEARCH_QUERY_LENGTH).split(/\s+/u)) {
    const term = foldPlain(word.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ''));
    if (term.length >= MIN_SEARCH_TERM_LENGTH) terms.add(term);
    if (terms.size === MAX_SEARCH_TERMS) break;
  }
  return [...terms];
}

/**
 * Where the terms occur in `text`, as sorted, merged ranges of the original text; null unless every term
 * occurs at least once (a search for several words finds the entries holding all of them).
 */
export function findMatches(text: string | FoldedText, terms: readonly string[]): TextRange[] | null {
  if (terms.length === 0) return null;
  const { folded, starts, ends } = typeof text === 'string' ? foldText(text) : text;
  const ranges: [number, number][] = [];
  for (const term of terms) {
    let at = folded.indexOf(term);
    if (at === -1) return null;
    while (at !== -1) {
      ranges.push([starts[at] ?? 0, ends[at + term.length - 1] ?? 0]);
      at = folded.indexOf(term, at + term.length);
    }
  }
  return mergeRanges(ranges);
}

function mergeRanges(ranges: [number, number][]): TextRange[] {
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

export type TextPiece = { text: string; match: boolean };

/** The text cut into plain and matched pieces, for rendering highlights. */
export function splitByRanges(text: string, ranges: readonly TextRange[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let position = 0;
  for (const [start, end] of ranges) {
    if (start > position) pieces.push({ text: text.slice(position, start), match: false });
    pieces.push({ text: text.slice(start, end), match: true });
    position = end;
  }
  if (position < text.length) pieces.push({ text: text.slice(position), match: false });
  return pieces;
}

/**
 * A window of about `length` characters around the first match, cut at word boundaries, with its ranges
 * shifted into it; `…` marks where text was left out. The whole text when it is short enough.
 */
export function snippetAround(
  text: string,
  ranges: readonly TextRange[],
  length = 240,
): { text: string; ranges: TextRange[] } {
  const first = ranges[0];
  if (text.length <= length || !first) return { text, ranges: [...ranges] };
  let start = Math.max(0, Math.min(first[0] - Math.floor(length / 3), text.length - length));
  let end = Math.min(text.length, start + length);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < first[0]) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > first[1]) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const shift = prefix.length - start;
  const inside = ranges
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]) => [s + shift, e + shift] as const);
  return { text: `${prefix}${text.slice(start, end)}${suffix}`, ranges: inside };
}
