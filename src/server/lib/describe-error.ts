/** One line for a log or a terminal: the innermost cause's message, e.g. "connect ECONNREFUSED 127.0.0.1:1". */
export function describeError(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  if (current instanceof AggregateError && current.errors[0] instanceof Error) current = current.errors[0];
  const message = current instanceof Error ? current.message || current.name : String(current);
  return message.replace(/\s+/g, ' ').trim();
}
