/**
 * Attribute slots of the user, read from a fact's words without a model: which of the user's
 * attributes a sentence states ("live in", "work at", "my cat", "I drink"), the value it gives,
 * and whether it is about the user at all ("my friend Tom moved to Austin" is not).
 *
 * A slot is `mutable` when the user can hold one value at a time and change it (a home, an
 * employer, a car); stable slots (where one grew up, a sibling's name, an allergy) are read so
 * that retrieval knows them, and are never superseded.
 */

export interface SlotDefinition {
  readonly slot: string;
  /** Words that name the slot in a question ("Which city…", "Who do I work for…"). */
  readonly ask: RegExp;
  /** Words that state the slot in a fact. */
  readonly state: RegExp;
  /** The value: a phrase from a lexicon, else a proper name next to the stating words. */
  readonly values?: RegExp;
  readonly proper: boolean;
  readonly mutable: boolean;
  /** Relations that ARE this slot ("my boyfriend Karim"): not another person's fact. */
  readonly relations?: RegExp;
}

const DRINKS =
  /\b(flat whites?|long blacks?|espressos?|cappuccinos?|americanos?|cortados?|lattes?|chai(?: lattes?)?|matcha(?: lattes?)?|green tea|black tea|herbal tea|rooibos|kombucha|mochas?|decaf|oat milk|hot chocolate|yerba mate|coffee|tea)\b/i;
const DIETS =
  /\b(vegetarian|vegan|pescatarian|pescetarian|keto|paleo|gluten[- ]free|flexitarian|carnivore|low[- ]carb|dairy[- ]free|halal|kosher|plant[- ]based)\b/i;
const SPORTS =
  /\b(trail running|running|jogging|bouldering|climbing|handball|padel|pilates|kickboxing|boxing|netball|crossfit|yoga|kendo|judo|karate|taekwondo|jiu[- ]jitsu|aikido|fencing|football|soccer|tennis|squash|badminton|basketball|volleyball|hockey|rugby|cricket|golf|swimming|rowing|triathlons?|road racing|cycling|spinning|skiing|snowboarding|surfing|dancing|salsa|ballet|weightlifting|powerlifting|martial arts?|softball|baseball|lacrosse|ultimate frisbee|archery|sailing|kayaking|canoeing|skateboarding|gymnastics|water polo|zumba|barre|spin classes?)\b/i;
const JOBS =
  /\b((?:[a-z]+ ){0,2}(?:analyst|engineer|manager|cook|chef|teacher|principal|nurse|developer|designer|director|lead|consultant|lawyer|solicitor|doctor|intern|scientist|architect|accountant|editor|writer|officer|assistant|administrator|technician|specialist|coordinator|supervisor|paramedic|pharmacist|therapist|researcher|lecturer|professor|barista|waiter|waitress|driver|founder|ceo|cto|vp|head of [a-z]+))\b/i;
const PHONES =
  /\b(iphone(?: \d+)?|samsung|galaxy|pixel|oneplus|xiaomi|fairphone|huawei|nokia|motorola|sony xperia|oppo|realme|android)\b/i;

/** The slots Grove knows, in the order they are tried. */
export const SLOTS: readonly SlotDefinition[] = [
  {
    slot: 'home',
    ask: /\b(live|living|lives|city|town|neighbou?rhood|area|home|based|moved?)\b/i,
    state:
      /\b(live in|living in|lives in|moved (?:to|into|back to)|moving to|relocated to|new (?:flat|place|apartment|house|home) in|(?:flat|place|apartment|house|home) in|commute (?:across|through|into)|way home through|getting used to|settled in|we're in|i'm in|based in)\b/i,
    proper: true,
    mutable: true,
  },
  {
    slot: 'employer',
    ask: /\b(work(?:ing)? (?:for|at)|company|employer|job)\b/i,
    state:
      /\b(work(?:ing)? (?:at|for)|job at|role at|joined|(?:been|started|start) at|employer|offer from|hired by|left)\b/i,
    proper: true,
    mutable: true,
  },
  {
    slot: 'job',
    ask: /\b(job title|role|position|title)\b/i,
    state:
      /\b(i'm (?:now )?(?:an? |the )|i am (?:an? |the )|promoted to|officially (?:an? )?|new role|been (?:an? )?[a-z ]{0,30}since|work as|working as|job as)\b/i,
    values: JOBS,
    proper: false,
    mutable: true,
  },
  {
    slot: 'drink',
    ask: /\b(drink|drinking|coffee|tea|café order|cafe order|mug|cup|caffeine)\b/i,
    state: /\b(drink|drinking|mugs?|cups?|quit coffee|caffeine|order|function without|switched to|now)\b/i,
    values: DRINKS,
    proper: false,
    mutable: true,
  },
  {
    slot: 'diet',
    ask: /\b(diet|eat|eating)\b/i,
    state: /\b(i'm|i am|i've been|been|went|going|gone|diet|eat|eating)\b/i,
    values: DIETS,
    proper: false,
    mutable: true,
  },
  {
    slot: 'phone',
    ask: /\b(phone|mobile)\b/i,
    state: /\b(phone|have an?|switched to|got an?|my new|it's an?|my)\b/i,
    values: PHONES,
    proper: false,
    mutable: true,
  },
  {
    slot: 'car',
    ask: /\b(car|drive|driving|drove)\b/i,
    state: /\b(car|drive|driving|estate|hatchback|suv|bought an?|sold|my (?:little |old |new )?(?=[A-Z]))/,
    proper: true,
    mutable: true,
  },
  {
    slot: 'bike',
    ask: /\b(bike|bicycle|ride|riding)\b/i,
    state: /\b(bike|bicycle|ride my|riding (?:my|an?)|bought an?|frame)\b/i,
    proper: true,
    mutable: true,
  },
  {
    slot: 'sport',
    ask: /\b(sport|sports|workout|exercise|martial art|training|play|playing|into)\b/i,
    state:
      /\b(play(?:ing)?|training|train|started|taken up|took up|joined|signed up|quit|gave up|dropped|doing|sport|team|classes|match|season|twice a week|three times a week|gym)\b/i,
    values: SPORTS,
    proper: false,
    mutable: true,
  },
  {
    slot: 'pet',
    ask: /\b(cat|dog|pet|kitten|puppy)\b/i,
    state: /\b(cat|kitten|dog|puppy|pet|greyhound|rabbit|hamster|called (?:her|him|it)|named (?:her|him|it)|is [A-Z]\w+ now)\b/,
    proper: true,
    mutable: true,
  },
  {
    slot: 'partner',
    ask: /\b(boyfriend|girlfriend|partner|husband|wife|going out with|dating|fianc[ée]e?)\b/i,
    state:
      /\b(my (?:boyfriend|girlfriend|partner|husband|wife|fianc[ée]e?)|going out with|dating|as a couple|broke up)\b/i,
    proper: true,
    mutable: true,
    relations: /\b(boyfriend|girlfriend|partner|husband|wife|fianc[ée]e?)\b/i,
  },
  {
    slot: 'hometown',
    ask: /\b(grow up|grew up|hometown|home town|from originally|born)\b/i,
    state: /\b(grew up in|born in|hometown|home town|back to|up to)\b/i,
    proper: true,
    mutable: false,
  },
  {
    slot: 'sibling',
    ask: /\b(sister|brother|sibling)\b/i,
    state: /\bmy (?:little |big |younger |older )?(sister|brother)\b/i,
    proper: true,
    mutable: false,
    relations: /\b(sister|brother)\b/i,
  },
  {
    slot: 'allergy',
    ask: /\b(allergic|allergy|allergies)\b/i,
    state: /\b(allergic|allergy)\b/i,
    proper: false,
    mutable: false,
  },
  {
    slot: 'name',
    ask: /\b(my name|call me|am i called|who am i)\b/i,
    state: /\b(my name is|i'm|i am|call me)\b/i,
    proper: true,
    mutable: true,
  },
];

/** People who are not the user: a sentence about one of them states their attributes. */
const OTHER_PERSON =
  /\b(?:my|our|his|her|their) (?:\w+ )?(?:best |old |close |new |little |big |younger |older )?(friends?|mates?|flatmates?|roommates?|housemates?|colleagues?|co-?workers?|brothers?|sisters?|mum|mom|mother|dad|father|parents|cousins?|aunt|uncle|nan|gran|grandma|grandpa|grandmother|grandfather|boss|manager|neighbou?rs?|sons?|daughters?|kids?|husband|wife|partner|boyfriend|girlfriend|sister-in-law|brother-in-law|in-laws|nephew|niece|team ?mates?|classmates?|friend's|mate's)\b/i;
const NAMED_OTHER = /^(?:also,? |and |so |funny thing: |unrelated: |in other news,? )?\p{Lu}\p{Ll}+ (?:just|has|had|is|was|got|moved|started|joined)\b/u;

const NOT_NAMES = new Set(
  (
    'I Im Ive Id Ill My The A An And But So Also Then It Its This That We Our They Their He She ' +
    'Hi Hey Hello Yes No Ok Okay Thanks Thank Sorry Big Quick Small Good Great Guess Still Now ' +
    'Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May ' +
    'June July August September October November December Christmas Easter New Year Unrelated ' +
    'Funny Family Just Honestly Actually Ha Haha Oh Well Perfect Love Nice Cool Three Two One ' +
    'Evening Morning Afternoon Done Noted Fair Sure Will Any Can How What Where When Which Who ' +
    'Android LinkedIn Instagram Facebook Netflix Google Amazon English'
  ).split(' '),
);

/** The clauses of a sentence: commas and conjunctions split who did what. */
function clauses(sentence: string): string[] {
  return sentence
    .split(/(?:[,;:]|\s+(?:and|but|so|because|while|although|though)\s+)/i)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

/** Capitalised words that are not sentence openers or common words: likely names. */
function properNames(clause: string): string[] {
  const out: string[] = [];
  const re = /\b(\p{Lu}[\p{L}'’-]*(?:\s+(?:\p{Lu}[\p{L}'’-]*|\d+[A-Za-z]?))*)/gu;
  for (const m of clause.matchAll(re)) {
    const words = (m[1] ?? '')
      .replace(/['’]s$/, '')
      .split(/\s+/)
      .filter((w) => !NOT_NAMES.has(w.replace(/['’].*$/, '')));
    if (words.length > 0) out.push(words.join(' '));
  }
  return out;
}

export interface SlotMention {
  readonly slot: string;
  readonly mutable: boolean;
  /** Lower-case values the words give (may be empty when the slot is named without one). */
  readonly values: readonly string[];
  /** Whether the clause is about someone other than the user. */
  readonly other: boolean;
}

function isOther(clause: string, definition: SlotDefinition, sentence: string): boolean {
  const m = OTHER_PERSON.exec(clause);
  if (m && !(definition.relations && definition.relations.test(m[0]))) return true;
  return NAMED_OTHER.test(clause) && !/\b(I|I'm|I've|we|we're|me|my)\b/.test(clause) && sentence !== '';
}

/** The slots a text states, with their values and whose they are. */
export function slotMentions(text: string): SlotMention[] {
  const out: SlotMention[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    for (const clause of clauses(sentence)) {
      for (const def of SLOTS) {
        if (!def.state.test(clause)) continue;
        let values: string[] = [];
        if (def.values) {
          const re = new RegExp(def.values.source, 'gi');
          values = [...clause.matchAll(re)].map((m) => (m[1] ?? m[0]).toLowerCase().trim());
        }
        if (values.length === 0 && def.proper) values = properNames(clause).map((v) => v.toLowerCase());
        if (values.length === 0) continue;
        out.push({ slot: def.slot, mutable: def.mutable, values, other: isOther(clause, def, sentence) });
      }
    }
  }
  return out;
}

/** The slots a question asks about, most specific (first listed) first. */
export function questionSlots(question: string): string[] {
  return SLOTS.filter((d) => d.ask.test(question)).map((d) => d.slot);
}
