/**
 * Why a row ranked past a limit is left out, in the one wording every store,
 * port and recall reports: `beyond the 3-memory limit`.
 *
 * @returns the reason; never throws.
 */
export function limitReason(limit: number): string {
  return `beyond the ${limit}-memory limit`;
}
