import { describe, expect, it } from 'vitest';
import { idsOf } from './PickedName.tsx';

describe('idsOf', () => {
  it('reads one id, ids joined by commas, or a list', () => {
    expect(idsOf('12')).toEqual(['12']);
    expect(idsOf('12,13')).toEqual(['12', '13']);
    expect(idsOf([12, '13'])).toEqual(['12', '13']);
  });

  it('names no row for nothing, blanks, or the 0 a top node of a tree stores as its parent', () => {
    expect(idsOf(undefined)).toEqual([]);
    expect(idsOf(null)).toEqual([]);
    expect(idsOf('')).toEqual([]);
    expect(idsOf('0')).toEqual([]);
    expect(idsOf(0)).toEqual([]);
    expect(idsOf('0,12,')).toEqual(['12']);
  });
});
