/**
 * Resolves the date a fact's words give ("since last spring", "last month", "in May", "three
 * weeks into the new flat") against the date of the session that said it, so that the fact
 * keeps meaning something a year later. The fact's text keeps the user's words; only its
 * `validFrom` gets the absolute date, at the precision the words allow.
 *
 * A phrase after "since" wins over other phrases in the same fact ("I left at the end of August
 * and I've been at Monzo since the start of September" → September). Future phrases ("next
 * month") are ignored: a plan does not start a fact's validity.
 */
import {
  daysBefore,
  isoDay,
  isoMonth,
  monthNumber,
  monthsBefore,
  sessionDay,
  type Day,
} from './calendar.ts';

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  couple: 2,
  three: 3,
  few: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

const SEASON_START: Readonly<Record<string, number>> = {
  spring: 3,
  summer: 6,
  autumn: 9,
  fall: 9,
  winter: 12,
};

const MONTH_RE =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';

export interface ResolvedDate {
  /** The ISO date (YYYY, YYYY-MM or YYYY-MM-DD). */
  readonly date: string;
  /** The words it was read from, as the user wrote them. */
  readonly phrase: string;
}

type Rule = (m: RegExpExecArray, today: Day) => string | undefined;

function amount(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const n = Number(word);
  return Number.isFinite(n) ? n : NUMBER_WORDS[word.toLowerCase()];
}

/** The latest start of `month` at or before today (a month after today's is last year's). */
function latestMonth(month: number, today: Day, strictlyBefore = false): string {
  const year =
    month < today.month || (month === today.month && !strictlyBefore) ? today.year : today.year - 1;
  return isoMonth(year, month);
}

function ago(n: number, unit: string, today: Day): string {
  const u = unit.toLowerCase().replace(/s$/, '');
  if (u === 'day') return isoDay(daysBefore(today, n));
  if (u === 'week') return isoDay(daysBefore(today, 7 * n));
  if (u === 'month') {
    const m = monthsBefore(today.year, today.month, n);
    return isoMonth(m.year, m.month);
  }
  return String(today.year - n);
}

/** Most specific first; each returns the ISO date or undefined to let others try. */
const RULES: readonly [RegExp, Rule][] = [
  [/\byesterday\b/i, (_m, t) => isoDay(daysBefore(t, 1))],
  [/\b(?:last|this past) weekend\b/i, (_m, t) => isoDay(daysBefore(t, 7))],
  [/\blast week\b/i, (_m, t) => isoDay(daysBefore(t, 7))],
  [/\b(?:the other day|a few days ago)\b/i, (_m, t) => isoDay(daysBefore(t, 3))],
  [
    /\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple|few)(?: of)? (days?|weeks?|months?|years?) (?:ago|into)\b/i,
    (m, t) => {
      const n = amount(m[1]);
      return n === undefined ? undefined : ago(n, m[2] ?? '', t);
    },
  ],
  [new RegExp(`\\b(${MONTH_RE}),? (\\d{4})\\b`, 'i'), (m) => monthIn(m[1], Number(m[2]))],
  [/\blast month\b/i, (_m, t) => ago(1, 'month', t)],
  [/\bthis month\b/i, (_m, t) => isoMonth(t.year, t.month)],
  [/\b(?:last|past) (spring|summer|autumn|fall|winter)\b/i, (m, t) => season(m[1], t, true)],
  [
    /\b(?:this|the|over the|in the|since the|back in the) (spring|summer|autumn|fall|winter)\b/i,
    (m, t) => season(m[1], t, false),
  ],
  [/\b(?:start|beginning) of (?:the|this) year\b/i, (_m, t) => isoMonth(t.year, 1)],
  [/\b(?:end of|late) last year\b/i, (_m, t) => isoMonth(t.year - 1, 12)],
  [/\blast year\b/i, (_m, t) => String(t.year - 1)],
  [/\b(?:before|at|over) christmas\b/i, (_m, t) => latestMonth(12, t)],
  [
    new RegExp(
      `\\b(?:since|in|from|back in|start of|beginning of|end of|early|late|as of|in early|in late) (?:the (?:start|beginning|end) of )?(${MONTH_RE})\\b`,
      'i',
    ),
    (m, t) => {
      const month = monthNumber(m[1] ?? '');
      return month === undefined ? undefined : latestMonth(month, t);
    },
  ],
  [/\b(?:in|since|early in|late in|during) (\d{4})\b/i, (m) => m[1]],
];

function monthIn(word: string | undefined, year: number): string | undefined {
  const month = monthNumber(word ?? '');
  return month === undefined ? undefined : isoMonth(year, month);
}

/** The start of the named season: "last" = the one before the season today is in. */
function season(word: string | undefined, today: Day, last: boolean): string | undefined {
  const start = SEASON_START[(word ?? '').toLowerCase()];
  if (start === undefined) return undefined;
  // The latest start at or before today (winter starts in December of the year before).
  let year = start <= today.month ? today.year : today.year - 1;
  const inIt = monthsSince(year, start, today) < 3;
  if (last && inIt) year -= 1;
  return isoMonth(year, start);
}

function monthsSince(year: number, month: number, today: Day): number {
  return today.year * 12 + today.month - (year * 12 + month);
}

/** A "since …" phrase comes first: it says when the fact began. */
function candidates(text: string): string[] {
  const since = /\bsince\b[^.;!?]*/i.exec(text)?.[0];
  return since ? [since, text] : [text];
}

/**
 * The date a fact's words give, resolved against the day of the session that said it, or
 * undefined when the words give none (or the session's date is unknown).
 */
export function resolveRelativeDate(
  text: string,
  sessionTime: string | undefined,
): ResolvedDate | undefined {
  const today = sessionDay(sessionTime);
  if (!today) return undefined;
  for (const part of candidates(text)) {
    for (const [re, rule] of RULES) {
      const m = re.exec(part);
      if (!m) continue;
      const date = rule(m, today);
      if (date !== undefined) return { date, phrase: m[0] };
    }
  }
  return undefined;
}
