import { describe, expect, it } from 'vitest';
import { keepSelection, pageIds } from './selection.ts';

describe('keepSelection', () => {
  it('keeps the picks of page 1 while rows are picked on page 2, and counts both', () => {
    const page1 = ['1', '2', '3'];
    const page2 = ['4', '5', '6'];
    let selected = keepSelection([], page1, ['1', '2']);
    selected = keepSelection(selected, page2, ['5']);
    expect(selected).toEqual(['1', '2', '5']);
    // Back on page 1, unticking one leaves the other pages' picks.
    selected = keepSelection(selected, page1, ['2']);
    expect(selected).toEqual(['5', '2']);
  });

  it("drops a page's picks the table reports as unticked (its select-all box cleared)", () => {
    expect(keepSelection(['1', '2', '4'], ['1', '2', '3'], [])).toEqual(['4']);
  });

  it('never counts a row twice', () => {
    expect(keepSelection(['1', '4'], ['1', '2'], ['1', '2', '4'])).toEqual(['4', '1', '2']);
  });
});

describe('pageIds', () => {
  it("names a tree page's rows at every level", () => {
    const rows = [{ id: '1', children: [{ id: '2', children: [{ id: '3' }] }] }, { id: '4' }];
    expect(pageIds(rows)).toEqual(['1', '2', '3', '4']);
  });
});
