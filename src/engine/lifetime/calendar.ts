/**
 * Calendar dates as Grove keeps them on facts: ISO strings at the precision the words gave
 * (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`). Plain string comparison orders them by their start, which
 * is what validity needs ("2024-05" starts before "2024-05-17").
 */

export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

export interface Day {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const isoDay = (d: Day): string => `${d.year}-${pad(d.month)}-${pad(d.day)}`;
export const isoMonth = (year: number, month: number): string => `${year}-${pad(month)}`;

/** Month index 1-12 of a month name or its three-letter abbreviation, else undefined. */
export function monthNumber(word: string): number | undefined {
  const w = word.toLowerCase();
  const i = MONTHS.findIndex((m) => m === w || (w.length >= 3 && m.startsWith(w) && w.length <= 4));
  return i < 0 ? undefined : i + 1;
}

/**
 * The calendar day of a session time: an ISO date-time (the app) or LoCoMo's
 * "9:40 am on 14 February, 2023". Undefined when it cannot be read.
 */
export function sessionDay(time: string | undefined): Day | undefined {
  if (time === undefined) return undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(time);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const spoken = /(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/.exec(time);
  if (spoken) {
    const month = monthNumber(spoken[2] ?? '');
    if (month) return { year: Number(spoken[3]), month, day: Number(spoken[1]) };
  }
  const monthFirst = /([A-Za-z]+)\s+(\d{1,2}),?\s+(\d{4})/.exec(time);
  if (monthFirst) {
    const month = monthNumber(monthFirst[1] ?? '');
    if (month) return { year: Number(monthFirst[3]), month, day: Number(monthFirst[2]) };
  }
  return undefined;
}

/** The ISO day of a session time, or undefined. */
export const sessionDate = (time: string | undefined): string | undefined => {
  const day = sessionDay(time);
  return day ? isoDay(day) : undefined;
};

/** The day `days` before `d`, through the real calendar. */
export function daysBefore(d: Day, days: number): Day {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) - days * 86_400_000);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** The month `n` months before `year-month`. */
export function monthsBefore(
  year: number,
  month: number,
  n: number,
): { year: number; month: number } {
  const index = year * 12 + (month - 1) - n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Compares two ISO dates of any precision by their start. */
export const compareDates = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** "2024-05" → "May 2024"; "2024-05-17" → "17 May 2024"; "2024" → "2024". */
export function spokenDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  const name = month ? MONTHS[Number(month) - 1] : undefined;
  if (!name) return year ?? iso;
  const cap = name[0]?.toUpperCase() + name.slice(1, 3);
  return day ? `${Number(day)} ${cap} ${year}` : `${cap} ${year}`;
}
