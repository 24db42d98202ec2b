/**
 * `text` with the section named `name` replaced by `section`: everything from
 * `<!-- name:start -->` to `<!-- name:end -->`, both markers kept, the rest of
 * `text` left as it is. The scripts that write a benchmark's figures into a
 * README use it, so the figures there are exactly a run's output.
 *
 * @throws Error when `text` has no such section (a marker missing or out of order).
 */
export function replaceSection(text: string, name: string, section: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no ${start} … ${end} section`);
  return `${text.slice(0, from)}${start}\n${section.trim()}\n${end}${text.slice(to + end.length)}`;
}
