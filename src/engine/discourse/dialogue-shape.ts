/**
 * The routing signal from the shape of the dialogue: what a turn says about its own place, before
 * any similarity is computed. A person reads these cues without knowing the topics' contents:
 *
 *   - `new-topic`: the turn announces a new subject ("New topic: ...", "Another topic: ...",
 *     "Unrelated question: ..."): a new tree, whatever the words share with earlier ones;
 *   - `aside`: the turn steps away from where the conversation is ("Speaking of charging, ...",
 *     "By the way, ..."): not the current tree; an earlier tree it matches, else a new one;
 *   - `recap`: the turn asks for the task's state as a whole ("What's the final configuration?",
 *     "Please give me the complete plan with all the features we discussed"): the main topic,
 *     the tree with the most rounds;
 *   - `return`: the turn goes back to something said before ("Forget it, let's go back to ...",
 *     "I've changed my mind", "Where does my sister live?" is not one: it has no cue): an
 *     existing tree (the best-scoring one, the current tree included), not a new one;
 *   - `follow-up`: a turn that leans on what came before: short ("Why?", at most
 *     `followUpWords` content words), pointing back in its first four words ("She found a flat
 *     near the river", "Should I water them less often?") or, when short, opening on a
 *     connective ("and for dessert?", "What about the cheaper hotel?"): the current tree
 *     (unless another tree holds more of its words, see embedding-decider.ts);
 *   - `plain`: no cue; meaning and words decide (embedding-decider.ts).
 *
 * The first cue that matches, in that order, is the turn's shape.
 */
import { isContentWord, wordTokens } from './words.ts';

export type ShapeKind = 'new-topic' | 'aside' | 'recap' | 'return' | 'follow-up' | 'plain';

export interface DialogueShape {
  readonly kind: ShapeKind;
  /** The words that gave the shape away ('' for plain). */
  readonly cue: string;
  /** The turn's content words. */
  readonly contentWords: number;
}

const NEW_TOPIC =
  /^\W*(new topic|another topic|different topic|a different question|unrelated(?: question)?|off[- ]topic|chang(?:e|ing) (?:the |of )?(?:topic|subject)|switching (?:topics|gears))\b/i;
const ASIDE =
  /^\W*(speaking of|by the way|btw|on (?:a|another) (?:different |side )?note|incidentally|as an aside)\b/i;
const RECAP =
  /\b(final(?:i[sz]ed)?|complete|full|overall|summar(?:y|ise|ize)|recap|everything (?:we|i)(?:'ve| have)?|(?:we|i)(?:'ve| have) (?:discussed|agreed|established|decided on)|all (?:the |of the |our |my )?(?:features|requirements|specifications|elements|changes|details|decisions|points))\b|\b(?:my|the) current \w+(?: \w+)? (?:plan|list|cart|configuration|setup|code|script|status|itinerary|design)\b|\b(?:include|includes|in the \w+) now\b/i;
const RETURN =
  /\b(back to|go(?:ing)? back|return(?:ing)? to|forget it|on second thought|never ?mind|(?:i(?:'ve| have)? )?changed my mind|as (?:i|we) (?:said|discussed|mentioned))\b/i;
const CONNECTIVE = /^\W*(and|also|plus|then|so|but|or|what about|how about|same for)\b/i;
/**
 * A turn that points back within its first words ("She found a flat ...", "It's aimed at ...",
 * "Should I water them less often?").
 */
const ANAPHOR =
  /^\W*(?:[\w']+\W+){0,3}?(she|he|it|its|it's|they|they're|their|them|her|his|this|these|those)\b/i;

export function dialogueShape(query: string, followUpWords: number): DialogueShape {
  const contentWords = wordTokens(query).filter((t) => isContentWord(t.norm)).length;
  const shape = (kind: ShapeKind, cue: string): DialogueShape => ({ kind, cue, contentWords });
  for (const [kind, pattern] of [
    ['new-topic', NEW_TOPIC],
    ['aside', ASIDE],
    ['recap', RECAP],
    ['return', RETURN],
  ] as const) {
    const m = pattern.exec(query);
    if (m) return shape(kind, m[0].replace(/^\W+/, ''));
  }
  if (contentWords <= followUpWords) return shape('follow-up', `${contentWords} content words`);
  const anaphor = ANAPHOR.exec(query);
  if (anaphor) return shape('follow-up', anaphor[1] ?? '');
  const connective = CONNECTIVE.exec(query);
  if (connective && contentWords <= 2 * followUpWords) {
    return shape('follow-up', connective[0].replace(/^\W+/, ''));
  }
  return shape('plain', '');
}
