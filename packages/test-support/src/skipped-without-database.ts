/** The line a suite prints when it is skipped because `DATABASE_URL` is not set. */
export function skippedWithoutDatabase(suite: string): string {
  return `${suite}: skipped because DATABASE_URL is not set (CI sets it to a real PostgreSQL server)`;
}
