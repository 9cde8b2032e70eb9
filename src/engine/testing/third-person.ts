/**
 * Rewrites a first-person sentence about the user into the third person, by simple rules:
 * "I love hiking." → "The user loves hiking.", "My dog is old." → "The user's dog is old."
 * Good enough for the scripted LLM; not a grammar.
 */

const APOS = "['’]";

const KEEP_VERB = new Set(
  (
    'can could will would shall should may might must did had was used ' +
    'went came saw got made took gave bought ran ate drank felt left met found told thought ' +
    'knew began kept lost paid sold sent spent won wrote read heard'
  ).split(' '),
);

const IRREGULAR: Readonly<Record<string, string>> = {
  have: 'has',
  do: 'does',
  go: 'goes',
  be: 'is',
  am: 'is',
};

/** Adverbs that may sit between "I" and its verb ("I really love ..."). */
const ADVERB =
  /^(?:also|always|never|often|usually|sometimes|just|still|really|recently|finally|mostly|rarely|actually|definitely|absolutely|totally|even|already|now)$/i;

/** Third-person singular of a present-tense verb. */
export function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular = IRREGULAR[lower];
  if (irregular) return irregular;
  if (KEEP_VERB.has(lower) || lower.endsWith('ed')) return verb;
  if (/(?:s|x|z|ch|sh|o)$/i.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/i.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function conjugateAfterI(rest: string): string {
  const words = rest.split(' ');
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (ADVERB.test(word)) continue;
    if (/^(?:don|do not)/i.test(word)) break;
    words[i] = thirdPersonVerb(word);
    break;
  }
  return words.join(' ');
}

const RULES: readonly [RegExp, string | ((...groups: string[]) => string)][] = [
  [new RegExp(`\\bI${APOS}m\\b`, 'gi'), 'the user is'],
  [/\bI am\b/gi, 'the user is'],
  [new RegExp(`\\bI${APOS}ve\\b`, 'gi'), 'the user has'],
  [new RegExp(`\\bI${APOS}d\\b`, 'gi'), 'the user would'],
  [new RegExp(`\\bI${APOS}ll\\b`, 'gi'), 'the user will'],
  [new RegExp(`\\bI (?:don${APOS}t|do not)\\b`, 'gi'), "the user doesn't"],
  [/\bI ([\p{L}' ]+)/giu, (_m, rest = '') => `the user ${conjugateAfterI(rest)}`],
  [/\bI\b/gi, 'the user'],
  [/\bmyself\b/gi, 'themselves'],
  [/\b(?:my|mine)\b/gi, "the user's"],
  [/\bme\b/gi, 'the user'],
];

export function toThirdPerson(sentence: string): string {
  let out = sentence.trim();
  for (const [pattern, replacement] of RULES) {
    out =
      typeof replacement === 'string'
        ? out.replace(pattern, replacement)
        : out.replace(pattern, (...args: unknown[]) =>
            replacement(...args.slice(0, -2).map(String)),
          );
  }
  out = out.charAt(0).toUpperCase() + out.slice(1);
  return /[.!?]$/.test(out) ? out : `${out}.`;
}

/** Whether the sentence speaks about the speaker (first person singular). */
export function isFirstPerson(sentence: string): boolean {
  return new RegExp(`\\b(?:I|I${APOS}(?:m|ve|d|ll)|my|me|mine|myself)\\b`, 'i').test(sentence);
}
