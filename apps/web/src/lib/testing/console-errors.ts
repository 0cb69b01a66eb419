import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Collects what React and MUI report through console.error and console.warn during each test of the file (a
 * duplicate key, a Select value without an option…), so a test can assert there was none. They are still printed.
 */
export function collectConsoleErrors(): () => string[] {
  let messages: string[] = [];
  const spies: Array<{ mockRestore(): void }> = [];
  beforeEach(() => {
    messages = [];
    for (const level of ['error', 'warn'] as const) {
      const original = console[level].bind(console);
      spies.push(
        vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
          messages.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
          original(...args);
        }),
      );
    }
  });
  afterEach(() => {
    spies.splice(0).forEach((s) => s.mockRestore());
  });
  return () => messages;
}
