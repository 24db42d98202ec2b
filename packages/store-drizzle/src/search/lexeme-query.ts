/**
 * A lexeme as a `tsquery` literal: quoted, so no character of it is read as
 * query syntax (`&`, `|`, `!`, `:*`, …), with quotes and backslashes escaped.
 * Lexemes come from `to_tsvector`, so they need no further normalising.
 */
export function lexemeQuery(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * A lexeme as a `tsquery` literal matching the memory's text only: the
 * `search` vector holds the text's lexemes at weight `A` and the context's at
 * weight `B` (see `memories`).
 */
export function textLexemeQuery(lexeme: string): string {
  return `${lexemeQuery(lexeme)}:A`;
}
