/**
 * The dot product of `query` and the row of `matrix` that starts at
 * `offset` (as many values as `query` has), in double precision from the
 * single-precision values, as four running sums added in order: the
 * arithmetic both stores' exact vector searches share, so they compute the
 * same similarities bit for bit. The loop is unrolled by four with separate
 * sums, which lets the engine overlap the multiplications.
 */
export function rowDot(matrix: Float32Array, offset: number, query: Float32Array): number {
  const dimensions = query.length;
  const unrolled = dimensions - (dimensions % 4);
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let index = 0;
  for (; index < unrolled; index += 4) {
    const at = offset + index;
    sum0 += (matrix[at] as number) * (query[index] as number);
    sum1 += (matrix[at + 1] as number) * (query[index + 1] as number);
    sum2 += (matrix[at + 2] as number) * (query[index + 2] as number);
    sum3 += (matrix[at + 3] as number) * (query[index + 3] as number);
  }
  for (; index < dimensions; index += 1) {
    sum0 += (matrix[offset + index] as number) * (query[index] as number);
  }
  return sum0 + sum1 + sum2 + sum3;
}
