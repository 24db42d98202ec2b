/** The Euclidean norm of `values`, summed in double precision. */
export function normOf(values: Float32Array): number {
  let squares = 0;
  for (let at = 0; at < values.length; at += 1) {
    const value = values[at] as number;
    squares += value * value;
  }
  return Math.sqrt(squares);
}
