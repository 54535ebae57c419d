import { describe, expect, it } from 'vitest';
import type { Row } from '../../../api/crud.ts';
import { lazyTree, unloaded } from './lazyTree.ts';

const levels: Record<string, Row[]> = {
  '0': [
    { id: '1', parentId: '0', hasChildren: true },
    { id: '2', parentId: '0', hasChildren: false },
  ],
  '1': [{ id: '11', parentId: '1', hasChildren: true }],
  '11': [{ id: '111', parentId: '11', hasChildren: false }],
};
const fetchLevel = async (parentId: string) => levels[parentId] ?? [];

describe('lazyTree', () => {
  it('loads only the top level while nothing is open, leaving expanders on rows with children', async () => {
    const rows = await lazyTree(fetchLevel, new Set());
    expect(rows.map((row) => row.children)).toEqual([[], undefined]);
    expect(unloaded(rows[0])).toBe(true);
    expect(unloaded(rows[1])).toBe(false);
  });

  it('loads the levels below the open rows', async () => {
    const rows = await lazyTree(fetchLevel, new Set(['1', '11']));
    const child = (rows[0].children as Row[])[0];
    expect(child.id).toBe('11');
    expect((child.children as Row[]).map((row) => row.id)).toEqual(['111']);
    expect(unloaded(rows[0])).toBe(false);
  });

  it('skips open rows that are not on a loaded level', async () => {
    const rows = await lazyTree(fetchLevel, new Set(['11']));
    expect(rows[0].children).toEqual([]);
  });
});
