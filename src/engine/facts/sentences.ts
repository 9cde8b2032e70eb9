/**
 * A small sentence splitter for chat text: splits on line breaks and on `.`, `!`, `?`, `…`
 * followed by white space, but not after common abbreviations ("Dr.", "e.g.") or initials
 * ("J. R. R. Tolkien"). Chat is often written in lower case, so the next letter's case is not
 * required to be a capital.
 */

const ABBREVIATIONS = new Set(
  (
    'mr mrs ms dr prof sr jr st mt ave rd vs etc e.g i.e eg ie approx incl no nr fig inc ltd co ' +
    'corp dept est jan feb mar apr jun jul aug sep sept oct nov dec a.m p.m u.s u.k'
  ).split(' '),
);

const BOUNDARY = /([.!?…]+)["'”’)\]]*\s+/g;
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

function endsWithAbbreviation(before: string): boolean {
  const word = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase();
  if (!word) return false;
  // A single letter before the dot: an initial.
  if (/^\p{L}$/u.test(word)) return true;
  return ABBREVIATIONS.has(word);
}

function splitLine(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const match of line.matchAll(BOUNDARY)) {
    const punct = match[1] ?? '';
    const at = match.index;
    if (punct === '.' && endsWithAbbreviation(line.slice(start, at))) continue;
    out.push(line.slice(start, at + match[0].length));
    start = at + match[0].length;
  }
  out.push(line.slice(start));
  return out;
}

/** Sentences of `text`, trimmed, in order; empty pieces dropped. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\r?\n+/)
    .map((line) => line.replace(BULLET, ''))
    .flatMap(splitLine)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '');
}
