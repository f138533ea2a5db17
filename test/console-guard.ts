import { vi } from 'vitest';

// A console.error during a test (React warnings, act(), failed renders) fails it,
// unless the test says it expects one (Epic Stack's rule).
let errors: unknown[][] = [];
let expected = false;

export function guardConsole(): void {
  errors = [];
  expected = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
}

/** For a test that provokes an error on purpose (e.g. an error boundary test). */
export function expectConsoleErrors(): void {
  expected = true;
}

export function checkConsole(): void {
  const seen = errors;
  errors = [];
  if (seen.length > 0 && !expected) {
    const first = seen[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called during the test: ${first.slice(0, 500)}`);
  }
}
