/**
 * Retries an assertion for a short while: for effects that arrive asynchronously by design, such as a
 * PostgreSQL NOTIFY reaching the catalogue cache after another connection's commit.
 */
export async function eventually<T>(check: () => Promise<T>, attempts = 50, delayMs = 20): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
  throw lastError;
}
