// Jest is handed in, not imported: benchmarks import this lib outside Jest, where @jest/globals throws.
import type { jest as Jest } from '@jest/globals';

/** Everything Jest can fake but Date. */
const realTimers = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

export interface FakeClock {
  /** Moves Date forward. */
  advance(ms: number): void;
  /** Date runs on its own again. */
  restore(): void;
}

/**
 * Stops Date where it is, and moves it only when told: for a rule that reads the clock (how old a cached
 * lookup is, when something expires) in a running app. Timers stay real, so servers, database clients and
 * HTTP clients go on working; a test waits on the rule's outcome, not on the wall clock. `jest`: the spec's,
 * from @jest/globals.
 */
export function fakeClock(jest: typeof Jest): FakeClock {
  jest.useFakeTimers({ now: Date.now(), doNotFake: [...realTimers] });
  return {
    advance: (ms) => jest.setSystemTime(Date.now() + ms),
    restore: () => jest.useRealTimers(),
  };
}
