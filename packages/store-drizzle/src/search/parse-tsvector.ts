/**
 * Visit each lexeme of a `tsvector` as PostgreSQL prints it (`'lexeme':1A,3B
 * 'other'`), in printed order, with its lowest position (`undefined` when it
 * has none) and whether a query restricted to weight `A` (`:A`) matches it:
 * it has a position of weight `A`, or no position at all, which PostgreSQL
 * lets match any weight. In the printed form a quote in a lexeme is doubled
 * and a backslash preceded by one, and a position's weight follows its
 * number (`D`, the default, is not printed).
 *
 * @throws TypeError when `text` is not such a printed `tsvector`.
 */
export function scanTsvector(
  text: string,
  visit: (lexeme: string, first: number | undefined, inText: boolean) => void,
): void {
  let at = 0;
  const fail = () => new TypeError('a search vector is not a printed tsvector');
  while (at < text.length) {
    if (text[at] === ' ') {
      at += 1;
      continue;
    }
    if (text[at] !== "'") throw fail();
    at += 1;
    let lexeme = '';
    for (;;) {
      const character = text[at];
      if (character === undefined) throw fail();
      if (character === '\\') {
        lexeme += text[at + 1] ?? '';
        at += 2;
      } else if (character === "'") {
        if (text[at + 1] === "'") {
          lexeme += "'";
          at += 2;
        } else {
          at += 1;
          break;
        }
      } else {
        lexeme += character;
        at += 1;
      }
    }
    let inText = true;
    let first: number | undefined;
    if (text[at] === ':') {
      inText = false;
      at += 1;
      let position = 0;
      while (at <= text.length) {
        const character = text[at];
        if (character === undefined || character === ' ' || character === ',') {
          if (first === undefined || position < first) first = position;
          position = 0;
          if (character !== ',') break;
        } else if (character >= '0' && character <= '9') {
          position = position * 10 + (character.charCodeAt(0) - 48);
        } else if (character === 'A') {
          inText = true;
        }
        at += 1;
      }
    }
    visit(lexeme, first, inText);
  }
}

/**
 * The lexemes of a printed `tsvector` (see {@link scanTsvector}), each
 * `true` when a query restricted to weight `A` (`:A`) matches it.
 *
 * @throws TypeError when `text` is not such a printed `tsvector`.
 */
export function parseTsvector(text: string): Map<string, boolean> {
  const words = new Map<string, boolean>();
  scanTsvector(text, (lexeme, _first, inText) => {
    words.set(lexeme, inText);
  });
  return words;
}
