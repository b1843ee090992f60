import { describe, expect, it } from '@jest/globals';
import { ConcurrencyLimit } from './concurrency-limit.js';

/** A task that runs until the test lets it finish, recording that it started. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => (started.push(name), done.then(() => name)), finish };
}

describe(ConcurrencyLimit.name, () => {
  it('runs at most `running` tasks, queues `waiting` more in order, and refuses the rest at once', async () => {
    const limit = new ConcurrencyLimit({ running: 2, waiting: 1 }, () => new Error('busy'));
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    const runs = [a, b, c].map((g) => limit.run(g.task));
    await expect(limit.run(d.task)).rejects.toThrow('busy');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);

    b.finish();
    await expect(runs[1]).resolves.toBe('b');
    expect(started).toEqual(['a', 'b', 'c']);
    a.finish();
    c.finish();
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c']);

    // Every turn was handed back, failures included: the limit is whole again.
    await expect(limit.run(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    const again = ['e', 'f', 'g'].map((name) => gate(started, name));
    const more = again.map((g) => limit.run(g.task));
    await Promise.resolve();
    expect(started.slice(3)).toEqual(['e', 'f']);
    again.forEach((g) => g.finish());
    await expect(Promise.all(more)).resolves.toEqual(['e', 'f', 'g']);
  });
});
