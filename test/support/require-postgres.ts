/** The reliability suite plays with a real PostgreSQL server; say so instead of testing nothing. */
export default function requirePostgres() {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error(
      'The reliability tests need TEST_DATABASE_URL (a PostgreSQL server); see README “Tests”.',
    );
  }
}
