import { format } from 'node:util';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// An unexpected console.error is a bug (a React warning, an unhandled failure): fail the test that caused it.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((args) => format(...args)).join('\n')}`);
  }
});
