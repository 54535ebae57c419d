import { describe, expect, it } from 'vitest';
import { isComplete, linesOf, newLine, rowsOf } from './scopeLines.ts';

describe('scope lines', () => {
  it('are the saved rows split into ids and names, and saved back the same', () => {
    const rows = [
      { scopeType: 'role' as const, val: '1,2', text: '园区主任,物业经理' },
      { scopeType: 'company' as const, val: '', text: '' },
    ];
    const lines = linesOf(rows);
    expect(lines).toEqual([
      { key: 0, scopeType: 'role', ids: ['1', '2'], names: ['园区主任', '物业经理'] },
      { key: 1, scopeType: 'company', ids: [], names: [] },
    ]);
    expect(rowsOf(lines)).toEqual(rows);
  });

  it('need a type and, but for company accounts (none: every one), a value', () => {
    expect(isComplete({ key: 0, ids: [], names: [] })).toBe(false);
    expect(isComplete({ key: 0, scopeType: 'user', ids: [], names: [] })).toBe(false);
    expect(isComplete({ key: 0, scopeType: 'user', ids: ['7'], names: ['张三'] })).toBe(true);
    expect(isComplete({ key: 0, scopeType: 'company', ids: [], names: [] })).toBe(true);
  });

  it('take a new line keyed after the others, whatever was removed before', () => {
    expect(newLine([]).key).toBe(0);
    expect(
      newLine([
        { key: 4, ids: [], names: [] },
        { key: 1, ids: [], names: [] },
      ]),
    ).toEqual({
      key: 5,
      ids: [],
      names: [],
    });
  });
});
