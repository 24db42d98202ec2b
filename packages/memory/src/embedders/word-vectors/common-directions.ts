import type { WordVectorTable } from './word-vector-table.js';

const maximumIterations = 500;
const tolerance = 1e-12;
/** A direction whose singular value squared is below this share of the rows' total is rounding noise. */
const negligibleShare = 1e-9;

/** Scale `vector` to unit length in place (a zero vector stays zero); answer its length before. */
function normalize(vector: Float64Array): number {
  let squares = 0;
  for (const value of vector) squares += value * value;
  if (squares === 0) return 0;
  const length = Math.sqrt(squares);
  for (let index = 0; index < vector.length; index += 1) {
    vector[index] = (vector[index] as number) / length;
  }
  return length;
}

function removeProjections(vector: Float64Array, directions: readonly Float64Array[]): void {
  for (const direction of directions) {
    let dot = 0;
    for (let index = 0; index < vector.length; index += 1) {
      dot += (vector[index] as number) * (direction[index] as number);
    }
    for (let index = 0; index < vector.length; index += 1) {
      vector[index] = (vector[index] as number) - dot * (direction[index] as number);
    }
  }
}

/** `Mᵀ M vector` for the first `rows` rows M of `matrix`, less what lies along `directions`. */
function multiply(
  matrix: Float32Array,
  rows: number,
  vector: Float64Array,
  directions: readonly Float64Array[],
): Float64Array {
  const dimensions = vector.length;
  const product = new Float64Array(dimensions);
  for (let row = 0; row < rows; row += 1) {
    const offset = row * dimensions;
    let dot = 0;
    for (let index = 0; index < dimensions; index += 1) {
      dot += (matrix[offset + index] as number) * (vector[index] as number);
    }
    for (let index = 0; index < dimensions; index += 1) {
      product[index] = (product[index] as number) + dot * (matrix[offset + index] as number);
    }
  }
  removeProjections(product, directions);
  return product;
}

/**
 * Where power iteration starts, in order: the rows' sum (for the first
 * direction), a fixed ramp, then each axis; a start the rows do not reach
 * (after what is found is removed) is passed over for the next.
 */
function* starts(matrix: Float32Array, rows: number, dimensions: number, first: boolean) {
  if (first) {
    const sum = new Float64Array(dimensions);
    for (let row = 0; row < rows; row += 1) {
      for (let index = 0; index < dimensions; index += 1) {
        sum[index] = (sum[index] as number) + (matrix[row * dimensions + index] as number);
      }
    }
    yield sum;
  }
  yield Float64Array.from({ length: dimensions }, (_, index) => index + 1);
  for (let axis = 0; axis < dimensions; axis += 1) {
    const start = new Float64Array(dimensions);
    start[axis] = 1;
    yield start;
  }
}

/**
 * The `count` directions most shared by the vectors of a table's `words`
 * most frequent words: the leading right singular vectors of those rows (not
 * centred), found by power iteration with deflation from a fixed start, so the
 * same table always gives the same directions. Every word vector leans along
 * the first of them whatever it means; removing them from a sum of word
 * vectors leaves what tells texts apart ("all-but-the-top", Mu and
 * Viswanath, 2018; the common component of Arora et al., 2017, taken from the
 * vocabulary instead of a corpus, so an embedder needs no data of its own).
 *
 * @returns up to `count` unit vectors, fewer when the rows span fewer
 * dimensions; never throws.
 */
export function commonDirections(
  table: WordVectorTable,
  count: number,
  words: number,
): Float64Array[] {
  const { dimensions, matrix } = table;
  const rows = Math.min(words, table.size);
  let total = 0;
  for (let index = 0; index < rows * dimensions; index += 1) {
    total += (matrix[index] as number) ** 2;
  }
  const negligible = total * negligibleShare;
  const directions: Float64Array[] = [];
  for (let found = 0; found < Math.min(count, dimensions); found += 1) {
    let current: Float64Array | undefined;
    for (const start of starts(matrix, rows, dimensions, found === 0)) {
      removeProjections(start, directions);
      if (normalize(start) === 0) continue;
      if (normalize(multiply(matrix, rows, start, directions)) > negligible) {
        current = start;
        break;
      }
    }
    // No start reaches the rows beyond what is found: they span no more dimensions.
    if (current === undefined) return directions;
    for (let iteration = 0; iteration < maximumIterations; iteration += 1) {
      const next = multiply(matrix, rows, current, directions);
      if (normalize(next) <= negligible) return directions;
      let change = 0;
      for (let index = 0; index < dimensions; index += 1) {
        change += ((next[index] as number) - (current[index] as number)) ** 2;
      }
      current = next;
      if (change < tolerance) break;
    }
    directions.push(current);
  }
  return directions;
}
