/** How a column's cells are aligned: Markdown's `---` (the renderer's default), `:---`, `---:`, `:---:`. */
export type ColumnAlign = 'default' | 'left' | 'right' | 'center';

/** One column of a {@link markdownTable}: its heading and alignment. */
export interface TableColumn {
  readonly title: string;
  /** `default` when absent. */
  readonly align?: ColumnAlign;
}

/** A table cell: a string as written (Markdown allowed), a number in its shortest form. */
export type TableCell = string | number;

const delimiter: Readonly<Record<ColumnAlign, string>> = {
  default: '---',
  left: ':---',
  right: '---:',
  center: ':---:',
};

/** A table line; an empty cell is written `| |`. */
const line = (cells: readonly TableCell[]) =>
  `|${cells.map((cell) => (cell === '' ? ' ' : ` ${cell} `)).join('|')}|`;

/**
 * A GitHub-flavoured Markdown table: the heading line, the delimiter line,
 * then one line per row, each cell as given (a `|` in a cell must already be
 * escaped as `\|`). No trailing newline.
 *
 * @throws Error when a row has another number of cells than there are columns.
 */
export function markdownTable(
  columns: readonly TableColumn[],
  rows: readonly (readonly TableCell[])[],
): string {
  rows.forEach((row, index) => {
    if (row.length !== columns.length) {
      throw new Error(`row ${index + 1} has ${row.length} cells for ${columns.length} columns`);
    }
  });
  return [
    line(columns.map((column) => column.title)),
    line(columns.map((column) => delimiter[column.align ?? 'default'])),
    ...rows.map(line),
  ].join('\n');
}
