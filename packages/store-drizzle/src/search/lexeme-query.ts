/**
 * A lexeme as a `tsquery` literal: quoted, so no character of it is read as
 * query syntax (`&`, `|`, `!`, `:*`, …), with quotes and backslashes escaped.
 * Lexemes come from `to_tsvector`, so they need no further normalising.
 */
export function lexemeQuery(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
