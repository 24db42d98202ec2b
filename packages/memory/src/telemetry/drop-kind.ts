/**
 * The kind of a drop reason, for counting drops by reason in a span without
 * recording the reason's figures: `salience_floor`, `relevance_floor`
 * (`<measure>_floor` for any floor), `limit`, `cap`, `duplicate`,
 * `working_layer`, `empty_turn`, `excluded_speaker`, `carried_in_prompt`,
 * or `other`. It reads the wording of core's `floorReason` and
 * `limitReason` and of recall's and the working window's own reasons.
 */
export function dropKind(reason: string): string {
  const floor = /^(\w+) \S+ is under the floor /.exec(reason);
  if (floor) return `${floor[1]}_floor`;
  if (/^beyond the \d+-memory limit/.test(reason)) return 'limit';
  if (/ do not fit the \w+ cap /.test(reason)) return 'cap';
  if (reason.includes('more than once')) return 'duplicate';
  if (reason.startsWith('working memory is read')) return 'working_layer';
  if (reason === 'the turn carries no text') return 'empty_turn';
  if (/^speaker .* is excluded$/.test(reason)) return 'excluded_speaker';
  if (reason.includes('prompt already')) return 'carried_in_prompt';
  return 'other';
}
