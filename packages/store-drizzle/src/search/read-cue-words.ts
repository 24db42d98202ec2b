import { Limits } from '@symfonic/core';
import { type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.js';
import { resultRows } from '../rows/result-rows.js';
import { scanTsvector } from './parse-tsvector.js';

/** The words of a cue as the English full-text configuration reads them. */
export interface CueWords {
  /** The first `Limits.cueTerms` distinct lexemes, in the order the cue first says them. */
  readonly lexemes: readonly string[];
  /** How many distinct lexemes the cue has. */
  readonly distinct: number;
}

/**
 * The CTEs `vector` (the cue's `tsvector`, as the English configuration
 * reads it: lower-cased, stemmed, stop words left out) and `cue_words` (its
 * first `Limits.cueTerms` distinct lexemes, ordered by each word's first
 * position then the lexeme, each with its `place`), for a statement to
 * follow `with` with. Every statement that reads a cue's words in SQL reads
 * them through these, and {@link readCueWords} reads the same words, so the
 * full-text ranking and the read index weigh the same words.
 */
export function cueWordsCtes(cue: string): SQL {
  return sql`vector as (select to_tsvector('english'::regconfig, ${cue}) as words),
      cue_words as materialized (
        select lexeme, row_number() over () as place from (
          select lexeme from unnest((select words from vector))
          order by positions[1], lexeme
          limit ${Limits.cueTerms}
        ) as first_words
      )`;
}

/**
 * The longest piece of a cue one statement reads: about a third of a
 * millisecond of PostgreSQL's parser on PGlite, so a maximal cue
 * (`Limits.cueText` characters) holds a single-statement database for that
 * long at a time rather than for its whole reading.
 */
export const cuePieceLength = 1_000;

/**
 * `cue` cut at spaces into pieces of at most `pieceLength` characters where
 * a cut allows it (a longer stretch stays whole), joined back they give the
 * cue. A cut falls only at a space followed by an ASCII letter or digit:
 * there PostgreSQL's default parser, which reads a run of spaces and other
 * signs as one blank token, ends that blank token and starts the next token
 * afresh, exactly as it does at the start of a piece. Before another sign
 * it would not: after a space, `~/the` is a blank `~` and the file path
 * `/the`, while at the start of a text it is the path `~/the`. The parser
 * reads a space inside one kind of token, tags and XML comments
 * (`<a href="x y">`, `<!-- x -->`, whose words it skips), so the cue is cut
 * only before its first `<`; the rest is one piece.
 */
export function cuePieces(cue: string, pieceLength: number): string[] {
  const cuttable = cue.includes('<') ? cue.indexOf('<') : cue.length;
  const pieces: string[] = [];
  let start = 0;
  while (cuttable - start > pieceLength) {
    const cut =
      lastCutAtOrBefore(cue, start + pieceLength, start) ?? firstCutAfter(cue, start + pieceLength);
    if (cut === undefined || cut >= cuttable) break;
    pieces.push(cue.slice(start, cut + 1));
    start = cut + 1;
  }
  pieces.push(cue.slice(start));
  return pieces;
}

/** Whether the parser starts a token afresh after the space at `at` (see {@link cuePieces}). */
function isCut(cue: string, at: number): boolean {
  return cue[at] === ' ' && /[A-Za-z0-9]/.test(cue[at + 1] ?? '');
}

/** The last cut at or before `from` and after `floor`, if any. */
function lastCutAtOrBefore(cue: string, from: number, floor: number): number | undefined {
  for (let at = Math.min(from, cue.length - 1); at > floor; at -= 1) {
    if (isCut(cue, at)) return at;
  }
  return undefined;
}

/** The first cut after `from`, if any. */
function firstCutAfter(cue: string, from: number): number | undefined {
  for (let at = from + 1; at < cue.length; at += 1) {
    if (isCut(cue, at)) return at;
  }
  return undefined;
}

/** One more than the highest position a `tsvector` holds (PostgreSQL's `MAXENTRYPOS`). */
const positionsPerPiece = 16_384;

const encoder = new TextEncoder();

/** Lexemes in the collation `C` order (bytes of UTF-8) PGlite's database compares text in. */
function compareBytes(left: string, right: string): number {
  if (left === right) return 0;
  const a = encoder.encode(left);
  const b = encoder.encode(right);
  for (let at = 0; at < Math.min(a.length, b.length); at += 1) {
    const difference = (a[at] ?? 0) - (b[at] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/**
 * Turns a piece of a cue into the text of its English `tsvector`: the value
 * of `select to_tsvector('english'::regconfig, piece)::text`, as the driver
 * answers it (a string, or `null` for none). {@link drizzleTsvectorText}
 * runs it through the store's drizzle database; an opener that started the
 * database itself may hand the store its driver's own call
 * (`pgliteTsvectorText`), which skips what drizzle's call costs on every
 * statement.
 */
export type TsvectorText = (piece: string) => Promise<unknown>;

/** {@link TsvectorText} through the store's drizzle database. */
export function drizzleTsvectorText(database: StoreDatabase): TsvectorText {
  return async (piece) => {
    const [row] = resultRows<{ words: unknown }>(
      await database.execute(
        sql`select to_tsvector('english'::regconfig, ${piece})::text as words`,
      ),
    );
    return row?.words ?? null;
  };
}

/**
 * Read `cue`'s words with PostgreSQL's own parser and English configuration
 * (lower-cased, stemmed, stop words left out), each piece through
 * `tsvectorText`, ordered by each word's first position then the lexeme,
 * the first `Limits.cueTerms` kept: exactly the
 * words {@link cueWordsCtes} reads (a property test compares both). Each
 * statement reads no table and only turns a piece of the cue
 * ({@link cuePieces}) into its `tsvector`, cheap to plan; the pieces are read
 * one after another, so on a database that runs one statement at a time
 * (PGlite) another caller's statement runs between them, and the ordering
 * and the cut are done here. Words of a later piece come after every word
 * of an earlier one, as their positions do in the whole cue.
 *
 * @throws whatever the driver throws; the caller translates it.
 */
export async function readCueWords(
  tsvectorText: TsvectorText,
  cue: string,
  pieceLength = cuePieceLength,
): Promise<CueWords> {
  const firstPlace = new Map<string, number>();
  const pieces = cuePieces(cue, pieceLength);
  for (const [index, piece] of pieces.entries()) {
    const words = (await tsvectorText(piece)) ?? '';
    if (typeof words !== 'string') {
      throw new TypeError('the driver answered the cue words as another type');
    }
    scanTsvector(words, (lexeme, first) => {
      if (!firstPlace.has(lexeme)) firstPlace.set(lexeme, index * positionsPerPiece + (first ?? 0));
    });
  }
  const lexemes = [...firstPlace]
    .sort(([left, leftPlace], [right, rightPlace]) =>
      leftPlace === rightPlace ? compareBytes(left, right) : leftPlace - rightPlace,
    )
    .slice(0, Limits.cueTerms)
    .map(([lexeme]) => lexeme);
  return { lexemes, distinct: firstPlace.size };
}
