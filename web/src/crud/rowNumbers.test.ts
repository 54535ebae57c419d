import { describe, expect, it } from 'vitest';
import { rowNumbers } from './rowNumbers.ts';

describe('rowNumbers', () => {
  it('numbers a page on from the rows of the pages before it', () => {
    expect([...rowNumbers([{ id: 'a' }, { id: 'b' }], 20)]).toEqual([
      ['a', 21],
      ['b', 22],
    ]);
  });

  it('numbers the rows below a row among their siblings', () => {
    const tree = [{ id: 'a', children: [{ id: 'a1' }, { id: 'a2', children: [{ id: 'a21' }] }] }, { id: 'b' }];
    expect(Object.fromEntries(rowNumbers(tree, 0))).toEqual({ a: 1, a1: 1, a2: 2, a21: 1, b: 2 });
  });
});
