import { describe, expect, it } from 'vitest';
import { treeRows } from './treeRows.ts';

describe('treeRows', () => {
  it('nests rows under their parents and leaves leaves without children', () => {
    const tree = treeRows([
      { id: '1', parentId: '0' },
      { id: '2', parentId: '1' },
      { id: '3', parentId: '2' },
      { id: '4', parentId: '0' },
    ]);
    expect(tree).toEqual([
      { id: '1', parentId: '0', children: [{ id: '2', parentId: '1', children: [{ id: '3', parentId: '2' }] }] },
      { id: '4', parentId: '0' },
    ]);
  });

  it('makes a row whose parent was filtered out a root', () => {
    expect(treeRows([{ id: '5', parentId: '9' }])).toEqual([{ id: '5', parentId: '9' }]);
  });
});
