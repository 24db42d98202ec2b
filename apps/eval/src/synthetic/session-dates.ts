import type { SeededRandom } from './seeded-random.js';

/** The English month names, January first: the only way a synthetic text writes a month. */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const day = 86_400_000;

/**
 * A day as the synthetic data sets write it: `14 May 2023` (UTC).
 *
 * @returns the text; never throws.
 */
export function formatDate(date: Date): string {
  return `${date.getUTCDate()} ${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * The day `days` before a day written by {@link formatDate}.
 *
 * @returns the earlier day, in the same format.
 * @throws RangeError when `date` is not a day in that format.
 */
export function daysBefore(date: string, days: number): string {
  const at = Date.parse(`${date} UTC`);
  if (Number.isNaN(at)) throw new RangeError(`"${date}" is not a day like "14 May 2023"`);
  return formatDate(new Date(at - days * day));
}

/**
 * The dates of `count` sessions: the first on `start` (`YYYY-MM-DD`), each
 * next one 6 to 20 days (drawn with `random`) after the one before.
 *
 * @returns the dates, in {@link formatDate}'s format, oldest first; never throws.
 */
export function sessionDates(random: SeededRandom, start: string, count: number): string[] {
  const dates: string[] = [];
  let at = new Date(`${start}T00:00:00Z`);
  for (let session = 0; session < count; session += 1) {
    dates.push(formatDate(at));
    at = new Date(at.getTime() + random.between(6, 20) * day);
  }
  return dates;
}
