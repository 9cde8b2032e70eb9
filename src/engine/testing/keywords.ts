/**
 * Content words for the test fakes (scripted LLM, hash embedder, oracle judges): lower-cased
 * word tokens, English stop words removed, a tiny suffix stemmer so "hiking", "hikes" and "hike"
 * meet. Deliberately simple and deterministic; not for product code.
 */

export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are aren as at be because been ' +
    'before being below between both but by can cannot could couldn did didn do does doesn doing ' +
    'don down during each even ever every few for from further get gets got had hadn has hasn have ' +
    'haven having he her here hers herself him himself his how i if in into is isn it its itself ' +
    'just let like likes me might more most much must mustn my myself no nor not now of off on ' +
    'once only or other ought our ours ourselves out over own quite rather really same shall shan ' +
    'she should shouldn so some such than that the their theirs them themselves then there these ' +
    'they this those through to too under until up upon us very was wasn we were weren what when ' +
    'where which while who whom whose why will with won would wouldn yet you your yours yourself ' +
    'yourselves im ive id ill youre youve theyre thats whats dont cant wont isnt doesnt didnt ' +
    'user users assistant please thanks thank ok okay yes yeah hi hello hey one any anything ' +
    'something thing things lot lots many maybe well still'
  ).split(' '),
);

/** Lower-cased word tokens; apostrophes dropped ("I'm" → "im"), possessive "'s" removed. */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []).map((w) =>
    w.replace(/['’]s$/, '').replace(/['’]/g, ''),
  );
}

const VOWEL = /[aeiouy]/;

/** A light suffix stemmer: plurals, -ing, -ed, -ly, final -e; undoubles consonants. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:ches|shes|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is'))
    w = w.slice(0, -1);

  if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ing') && w.length > 5 && VOWEL.test(w.slice(0, -3))) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4 && VOWEL.test(w.slice(0, -2))) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);

  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** Content words in their surface form (lower case), stop words and 1-letter tokens removed. */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

/** Stemmed content words, in order (repeats kept). */
export function keywords(text: string): string[] {
  return contentWords(text).map(stem);
}

export function keywordSet(text: string): Set<string> {
  return new Set(keywords(text));
}

/** Stems shared by `a` and `b`, in `a`'s order, each once. */
export function sharedKeywords(a: string, b: string): string[] {
  const bs = keywordSet(b);
  return [...keywordSet(a)].filter((k) => bs.has(k));
}
