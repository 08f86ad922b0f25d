import { describe, expect, it } from 'vitest';
import { pageFromParam } from './use-list-params.ts';

describe('pageFromParam (the ?page= of every admin list)', () => {
  it('reads a whole page number from 1 up, and takes anything else as page 1', () => {
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam('1')).toBe(1);
    for (const raw of [null, '', '0', '-2', '1.5', 'two', 'Infinity']) expect(pageFromParam(raw)).toBe(1);
  });
});
