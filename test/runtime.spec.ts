import { describe, expect, it } from '@jest/globals';

describe('runtime', () => {
  it('runs on the pinned Node 24, not the system Node', () => {
    expect(process.version).toMatch(/^v24\./);
  });
});
