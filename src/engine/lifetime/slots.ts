/**
 * Attribute slots of the user, read from a fact's words without a model: which of the user's
 * attributes a sentence states ("live in", "work at", "my cat", "I drink"), the value it gives,
 * and whether it is about the user at all ("my friend Tom moved to Austin" is not).
 *
 * A slot is `mutable` when the user can hold one value at a time and change it (a home, an
 * employer, a car); stable slots (where one grew up, a sibling's name, an allergy) are read so
 * that retrieval knows them, and are never superseded.
 */

/**
 * Where a slot's value is read: `text` for lexicon values (a drink, a diet: specific enough to
 * be read anywhere in a fact that states the slot), `sentence` for patterns that name the value
 * ("my boyfriend Karim", "Yusuf and I … as a couple"), `clause` for any proper name in a clause
 * that states the slot ("my commute across Leeds").
 */
export type SlotScope = 'text' | 'sentence' | 'clause';

export interface SlotDefinition {
  readonly slot: string;
  /** Words that name the slot in a question ("Which city…", "Who do I work for…"). */
  readonly ask: RegExp;
  /** Words that state the slot in a fact. */
  readonly state: RegExp;
  /** The value's pattern (its first group, else the match); without one, proper names. */
  readonly values?: RegExp;
  readonly scope: SlotScope;
  readonly mutable: boolean;
  /**
   * Set where the user may hold several values at once (pets): words that say a new value is for
   * the one already there ("the kitten is Yuzu now"). Without them, a correction or an end
   * (change-cues.ts `saysEnded`), a new value is another one ("adopted a second cat") and
   * replaces nothing.
   */
  readonly sameOne?: RegExp;
  /** Relations that ARE this slot ("my boyfriend Karim"): not another person's fact. */
  readonly relations?: RegExp;
}

const DRINKS =
  /\b(flat whites?|long blacks?|espressos?|cappuccinos?|americanos?|cortados?|lattes?|chai(?: lattes?)?|matcha(?: lattes?)?|green tea|black tea|herbal tea|rooibos|kombucha|mochas?|decaf|hot chocolate|yerba mate|coffee|tea)\b/i;
const DIETS =
  /\b(vegetarian|vegan|pescatarian|pescetarian|keto|paleo|gluten[- ]free|flexitarian|carnivore|low[- ]carb|dairy[- ]free|halal|kosher|plant[- ]based)\b/i;
const SPORTS =
  /\b(trail running|bouldering|climbing|handball|padel|pilates|kickboxing|boxing|netball|crossfit|yoga|kendo|judo|karate|taekwondo|jiu[- ]jitsu|aikido|fencing|football|soccer|tennis|squash|badminton|basketball|volleyball|hockey|rugby|cricket|golf|swimming|rowing|triathlons?|spinning|skiing|snowboarding|surfing|salsa|ballet|weightlifting|powerlifting|martial arts?|softball|baseball|lacrosse|ultimate frisbee|archery|sailing|kayaking|canoeing|skateboarding|gymnastics|water polo|zumba|barre|spin classes?)\b/i;
const JOBS =
  /\b((?:[a-z]+ ){0,2}(?:analyst|engineer|manager|cook|chef|teacher|principal|nurse|developer|designer|director|lead|consultant|lawyer|solicitor|doctor|intern|scientist|architect|accountant|editor|writer|officer|assistant|administrator|technician|specialist|coordinator|supervisor|paramedic|pharmacist|therapist|researcher|lecturer|professor|barista|waiter|waitress|founder|ceo|cto|head of [a-z]+))\b/i;
const PHONES =
  /\b(iphone(?: \d+)?|samsung|galaxy|pixel|oneplus|xiaomi|fairphone|huawei|nokia|motorola|sony xperia|oppo|realme)\b/i;
const CAR_WORDS =
  /\b(car|estate|hatchback|suv|traded in|opel|skoda|tesla|toyota|hyundai|kia|nissan|vw|volkswagen|ford|honda|bmw|audi|mazda|renault|peugeot|fiat|volvo|subaru|mercedes|citro[eë]n|seat|suzuki|mitsubishi|jeep|lexus|porsche|dacia|polestar|byd|chevrolet|jaguar|land rover|range rover|alfa romeo)\b/i;
const BIKE_WORDS =
  /\b(bike|bicycle|ride my|riding my|orbea|brompton|canyon|trek|specialized|cannondale|giant|cube|bianchi|cerv[ée]lo|pinarello|scott|boardman|ribble|vanmoof|gravel bike|road bike|e-bike)\b/i;

const PETS = 'cat|kitten|dog|puppy|pet|greyhound|rabbit|hamster';

/** The slots Grove knows. */
export const SLOTS: readonly SlotDefinition[] = [
  {
    slot: 'home',
    ask: /\b(live|living|lives|city|town|neighbou?rhood|area|home|based|moved?)\b/i,
    state:
      /\b(live|living|lives|moved|moving|relocated|flat|place|apartment|house|home|commute|getting used to|settled|settling|we're in|i'm in|based in|here in)\b/i,
    values: new RegExp(
      String.raw`(?:\b(?:[Mm]oved|[Mm]oving|[Rr]elocated)(?:,? (?:again|back|house|away|over|out|here|there|all the way|this time|once more))*,? (?:to|into)|\b(?:[Ll]ive|[Ll]iving|[Ll]ives|[Bb]ased|[Ss]ettled|[Ss]ettling|[Ss]tay(?:ing)?) in|\b(?:flat|place|apartment|house|home) in|\bcommute (?:across|through|into)|\bway home through|\bgetting used to|\bhere in|\bwe're in|\bI'm in)(?: the)? (\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)*)`,
      'u',
    ),
    scope: 'sentence',
    mutable: true,
  },
  {
    slot: 'employer',
    ask: /\b(work(?:ing)? (?:for|at)|company|employer|job)\b/i,
    state:
      /\b(work(?:ing)?(?: [a-z]+){0,3} (?:at|for)|job at|role at|joined|(?:been|started|start) at|employer|offer from|hired by|(?:i'm|i am|i was) with)\b/i,
    scope: 'clause',
    mutable: true,
  },
  {
    slot: 'job',
    ask: /\b(job title|role|position|title)\b/i,
    state:
      /\b(i'm|i am|promoted|officially|new role|been|work as|working as|job as|started as|role as)\b/i,
    values: JOBS,
    scope: 'text',
    mutable: true,
  },
  {
    slot: 'drink',
    ask: /\b(drink|drinking|coffee|tea|café order|cafe order|mug|cup|caffeine)\b/i,
    state:
      /\b(drink|drinking|mugs?|cups?|quit coffee|caffeine|order|function without|switched to|swapped|mornings?|now)\b/i,
    values: DRINKS,
    scope: 'text',
    mutable: true,
  },
  {
    slot: 'diet',
    ask: /\b(diet|eat|eating)\b/i,
    state: /\b(i'm|i am|i've been|been|went|going|gone|diet|eat|eating)\b/i,
    values: DIETS,
    scope: 'text',
    mutable: true,
  },
  {
    slot: 'phone',
    ask: /\b(phone|mobile)\b/i,
    state: /\b(phone|have an?|switched to|got an?|my new|it's an?|my)\b/i,
    values: PHONES,
    scope: 'text',
    mutable: true,
  },
  {
    slot: 'car',
    ask: /\b(car|drive|driving|drove)\b/i,
    state: CAR_WORDS,
    scope: 'clause',
    mutable: true,
  },
  {
    slot: 'bike',
    ask: /\b(bike|bicycle|ride|riding)\b/i,
    state: BIKE_WORDS,
    scope: 'clause',
    mutable: true,
  },
  {
    slot: 'sport',
    ask: /\b(sport|sports|workout|exercise|martial art|training|play|playing|into)\b/i,
    state:
      /\b(play(?:ing)?|training|train|started|taken up|took up|joined|signed up|quit|gave up|dropped|doing|sport|team|classes|match|season|twice a week|three times a week|gym)\b/i,
    values: SPORTS,
    scope: 'text',
    mutable: true,
  },
  {
    slot: 'pet',
    ask: /\b(cat|dog|pet|kitten|puppy)\b/i,
    state: new RegExp(String.raw`\b(${PETS}|call(?:ed|ing) (?:her|him|it)|name)\b`, 'i'),
    values:
      /\b(?:called|named|calling (?:her|him|it)|call (?:her|him|it)|is|it's|name is|cat|kitten|dog|puppy|greyhound|rabbit) (\p{Lu}\p{Ll}+)\b/u,
    scope: 'sentence',
    mutable: true,
    sameOne: new RegExp(String.raw`\bthe (?:${PETS})\b`, 'i'),
  },
  {
    slot: 'partner',
    ask: /\b(boyfriend|girlfriend|partner|husband|wife|going out with|dating|fianc[ée]e?)\b/i,
    state:
      /\b(my (?:boyfriend|girlfriend|partner|husband|wife|fianc[ée]e?)|going out with|dating|as a couple|broke up)\b/i,
    values:
      /(?:\b(?:boyfriend|girlfriend|partner|husband|wife|fianc[ée]e?|dating|going out with),? (\p{Lu}\p{Ll}+)\b|^(\p{Lu}\p{Ll}+) and I\b)/u,
    scope: 'sentence',
    mutable: true,
    relations: /\b(boyfriend|girlfriend|partner|husband|wife|fianc[ée]e?)\b/i,
  },
  {
    slot: 'hometown',
    ask: /\b(grow up|grew up|hometown|home town|from originally|born)\b/i,
    state: /\b(grew up|born in|home ?town|going (?:back )?home to|back home (?:in|to))\b/i,
    values: new RegExp(
      String.raw`\b(?:grew up in|born in|home ?town(?: is|,)?|going (?:back )?home to|back home (?:in|to)) (\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)*)`,
      'u',
    ),
    scope: 'text',
    mutable: false,
  },
  {
    slot: 'sibling',
    ask: /\b(sister|brother|sibling)\b/i,
    state: /\bmy (?:little |big |younger |older )?(sister|brother)\b/i,
    scope: 'clause',
    mutable: false,
    relations: /\b(sister|brother)\b/i,
  },
  {
    slot: 'allergy',
    ask: /\b(allergic|allergy|allergies)\b/i,
    state: /\b(allergic|allergy)\b/i,
    values: /\b(?:allergic to ((?:[a-z]+ )?[a-z]+)|([a-z]+(?: [a-z]+)?) allergy)\b/i,
    scope: 'text',
    mutable: false,
  },
  {
    slot: 'name',
    ask: /\b(my name|call me|am i called|who am i)\b/i,
    state: /\b(my name is|i'm|i am|call me)\b/i,
    values:
      /\b(?:[Mm]y name is|[Cc]all me|I'm|I am) (\p{Lu}\p{Ll}+)(?=\s*(?:[.,!;]|$| and\b| here\b))/u,
    scope: 'sentence',
    mutable: true,
  },
];

/** People who are not the user: a sentence about one of them states their attributes. */
const OTHER_PERSON =
  /\b(?:my|our|his|her|their|the user's) (?:\w+ )?(?:best |old |close |new |little |big |younger |older )?(friends?|mates?|flatmates?|roommates?|housemates?|colleagues?|co-?workers?|brothers?|sisters?|mum|mom|mother|dad|father|parents|cousins?|aunt|uncle|nan|gran|grandma|grandpa|grandmother|grandfather|boss|manager|neighbou?rs?|sons?|daughters?|kids?|husband|wife|partner|boyfriend|girlfriend|sister-in-law|brother-in-law|in-laws|nephew|niece|team ?mates?|classmates?|friend's|mate's)\b/i;
const NAMED_OTHER =
  /^(?:also,? |and |so |funny thing: |unrelated: |in other news,? )?(\p{Lu}\p{Ll}+) (?:just|has|had|is|was|got|moved|started|joined)\b/u;

const NOT_NAMES = new Set(
  (
    'I Im Ive Id Ill My The A An And But So Also Then It Its This That We Our They Their He She ' +
    'Hi Hey Hello Yes No Ok Okay Thanks Thank Sorry Big Quick Small Good Great Guess Still Now ' +
    'Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May ' +
    'June July August September October November December Christmas Easter New Year Unrelated ' +
    'Funny Family Just Honestly Actually Ha Haha Oh Well Perfect Love Nice Cool Three Two One ' +
    'Evening Morning Afternoon Done Noted Fair Sure Will Any Can How What Where When Which Who ' +
    'After Before Since Until While Because Though Although If As At In On For From With Without ' +
    'Back Over Under Into Not Do Does Did Have Has Had Be Being Been Was Were Is Are Am Let ' +
    'Android LinkedIn Instagram Facebook Netflix Google Amazon English Servus Loving Brilliant ' +
    'Lovely Amazing Awesome Right Yeah Yep Hmm Wow Excited Happy Finally First Last Next Another ' +
    'Luckily Hopefully Unfortunately Fortunately Obviously Basically Seriously Apparently Clearly'
  ).split(' '),
);

/** Where one clause ends and the next begins: commas and conjunctions split who did what. */
const CLAUSE_BREAK = /(?:[,;:]|\s+(?:and|but|so|because|while|although|though)\s+)/gi;

/** The clauses of a sentence. */
function clauses(sentence: string): string[] {
  return sentence
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/**
 * Capitalised words that are not common words or shouting ("NOT"): likely names. Runs of them
 * ("Skoda Octavia", "Model 3") make one name.
 */
function properNames(clause: string): { value: string; at: number }[] {
  const out: { value: string; at: number }[] = [];
  const re = /\b(\p{Lu}[\p{L}'’-]*(?:\s+(?:\p{Lu}[\p{L}'’-]*|\d+[A-Za-z]?))*)/gu;
  for (const m of clause.matchAll(re)) {
    const words = (m[1] ?? '')
      .replace(/['’]s$/, '')
      .split(/\s+/)
      .filter((w) => !NOT_NAMES.has(w.replace(/['’].*$/, '')))
      .filter((w) => !/^\p{Lu}{2,}$/u.test(w));
    if (words.length > 0) out.push({ value: words.join(' ').toLowerCase(), at: m.index });
  }
  return out;
}

/** A lexicon's phrases in a clause, without leading function words ("to sous chef" → "sous chef"). */
function lexiconValues(clause: string, lexicon: RegExp): { value: string; at: number }[] {
  const re = new RegExp(
    lexicon.source,
    lexicon.flags.includes('g') ? lexicon.flags : `${lexicon.flags}g`,
  );
  return [...clause.matchAll(re)].map((m) => ({
    value: (m[1] ?? m[2] ?? m[0])
      .toLowerCase()
      .replace(
        /^(?:(?:to|a|an|the|as|been|now|officially|my|our|new|old|i'm|im|am|is|was|be|being)\s+)+/,
        '',
      )
      .trim(),
    at: m.index,
  }));
}

export interface SlotMention {
  readonly slot: string;
  readonly mutable: boolean;
  /** The user may hold several values (see `SlotDefinition.sameOne`) and these words do not say it is the same one. */
  readonly another: boolean;
  /** Lower-case values the words give (may be empty when the slot is named without one). */
  readonly values: readonly string[];
  /** Whether the clause is about someone other than the user. */
  readonly other: boolean;
}

const SUBJECT_PRONOUN =
  /^(?:and |so |but )?(?:he|she|they|he's|she's|they're|he'll|she'll|they'll|he'd|she'd)\b/i;

/** Whether a value in `clause` belongs to someone else: another person is the clause's subject. */
function isOther(clause: string, at: number, definition: SlotDefinition): boolean {
  const m = OTHER_PERSON.exec(clause);
  if (m && m.index <= at && !(definition.relations && definition.relations.test(m[0]))) return true;
  if (SUBJECT_PRONOUN.test(clause)) return true;
  const named = NAMED_OTHER.exec(clause);
  return (
    named !== null &&
    !NOT_NAMES.has(named[1] ?? '') &&
    !/\b(i|i'm|i've|we|we're|me|my)\b/i.test(clause)
  );
}

const NEGATION = /\b(?:not|no longer|never|n't|nor)\b/i;

/** The clause of `text` around position `at`, and `at` within it. */
function clauseAt(text: string, at: number): { clause: string; at: number } {
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(CLAUSE_BREAK)) {
    if (m.index + m[0].length <= at) start = m.index + m[0].length;
    else if (m.index >= at) {
      end = m.index;
      break;
    }
  }
  return { clause: text.slice(start, end).trim(), at: Math.max(0, at - start) };
}

function scopesOf(text: string, def: SlotDefinition): string[] {
  if (def.scope === 'text') return def.state.test(text) ? [text] : [];
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => def.state.test(s));
  return def.scope === 'sentence'
    ? sentences
    : sentences.flatMap(clauses).filter((c) => def.state.test(c));
}

const cache = new Map<string, readonly SlotMention[]>();
const CACHE_LIMIT = 50_000;

/** The slots a text states, with their values and whose they are (remembered per text). */
export function slotMentions(text: string): readonly SlotMention[] {
  let mentions = cache.get(text);
  if (!mentions) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, (mentions = readMentions(text)));
  }
  return mentions;
}

function readMentions(text: string): SlotMention[] {
  const out: SlotMention[] = [];
  for (const def of SLOTS) {
    // Cheap gates on the whole text first: most facts state no slot at all.
    if (!def.state.test(text) || (def.values && !def.values.test(text))) continue;
    for (const scope of scopesOf(text, def)) {
      // A name in a clause counts from the words that state the slot on ("I moved to Denver
      // for a job at a bike shop" names no employer and no bike).
      const stated = def.state.exec(scope)?.index ?? 0;
      const found = def.values
        ? lexiconValues(scope, def.values)
        : properNames(scope).filter((n) => n.at >= stated);
      for (const { value, at } of found) {
        if (value === '') continue;
        const where = clauseAt(scope, at);
        // "I'm not with Siemens any more" states no value for the slot.
        if (def.mutable && NEGATION.test(where.clause.slice(0, where.at))) continue;
        out.push({
          slot: def.slot,
          mutable: def.mutable,
          another: def.sameOne !== undefined && !def.sameOne.test(scope),
          values: [value],
          other: isOther(where.clause, where.at, def),
        });
      }
    }
  }
  return out;
}

const BY_SLOT = new Map(SLOTS.map((d) => [d.slot, d]));

/**
 * A cheap test of whether a text can state `slot` at all (one or two regexes, no splitting):
 * callers over many facts gate with it before reading a fact's mentions.
 */
export function mayState(slot: string, text: string): boolean {
  const def = BY_SLOT.get(slot);
  return def !== undefined && def.state.test(text) && (!def.values || def.values.test(text));
}

/**
 * The slots a question asks about. A stable slot's words are the more specific ("Which city did
 * I grow up in?" asks where one grew up, not where one lives): when one matches, only those.
 */
export function questionSlots(question: string): string[] {
  const asked = SLOTS.filter((d) => d.ask.test(question));
  const stable = asked.filter((d) => !d.mutable);
  return (stable.length > 0 ? stable : asked).map((d) => d.slot);
}
