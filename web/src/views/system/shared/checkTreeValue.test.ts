import { describe, expect, it } from 'vitest';
import { marksOf, toggled, type ValueNode } from './checkTreeValue.ts';

// 系统 > 企业 (buttons add, edit, delete) and 员工 (no buttons).
const MENUS: ValueNode[] = [
  {
    key: 'sys',
    children: [
      { key: 'ent', children: [{ key: 'add' }, { key: 'edit' }, { key: 'del' }] },
      { key: 'staff', children: [] },
    ],
  },
];

// A menu with two data-scope rules and a child menu with one.
const SCOPES: ValueNode[] = [
  {
    key: 'notice',
    children: [{ key: 'r1' }, { key: 'r2' }, { key: 'sub', children: [{ key: 'r3' }] }],
  },
];

const sorted = (keys: string[]) => [...keys].sort();

describe('marksOf', () => {
  it('half-ticks a held menu lacking some of its buttons instead of ticking them all', () => {
    const marks = marksOf(MENUS, ['sys', 'ent', 'edit']);
    expect(sorted(marks.checked)).toEqual(['edit']);
    expect(sorted(marks.halfChecked)).toEqual(['ent', 'sys']);
  });

  it('ticks a parent when every child below it is ticked', () => {
    const marks = marksOf(MENUS, ['sys', 'ent', 'add', 'edit', 'del', 'staff']);
    expect(sorted(marks.checked)).toEqual(['add', 'del', 'edit', 'ent', 'staff', 'sys']);
    expect(marks.halfChecked).toEqual([]);
  });

  it('half-ticks a menu held alone, without any of its buttons', () => {
    expect(marksOf(MENUS, ['sys', 'ent'])).toEqual({ checked: [], halfChecked: ['ent', 'sys'] });
  });

  it('ticks a scope menu whose rules are all held, though the value holds rules only', () => {
    const marks = marksOf(SCOPES, ['r1', 'r2', 'r3']);
    expect(sorted(marks.checked)).toEqual(['notice', 'r1', 'r2', 'r3', 'sub']);
  });
});

describe('toggled', () => {
  it('ticks a half-ticked menu with all its buttons and its ancestors', () => {
    expect(sorted(toggled(MENUS, ['sys', 'ent', 'edit'], 'ent', 'all'))).toEqual(['add', 'del', 'edit', 'ent', 'sys']);
  });

  it('unticks a ticked menu with its buttons, and an ancestor left with nothing below it', () => {
    expect(toggled(MENUS, ['sys', 'ent', 'add', 'edit', 'del'], 'ent', 'all')).toEqual([]);
    expect(sorted(toggled(MENUS, ['sys', 'ent', 'add', 'staff'], 'add', 'all'))).toEqual(['staff', 'sys']);
  });

  it('keeps a menu held alone when a sibling changes', () => {
    expect(sorted(toggled(MENUS, ['sys', 'ent'], 'staff', 'all'))).toEqual(['ent', 'staff', 'sys']);
  });

  it('gives a button its menu and the menu’s parents', () => {
    expect(sorted(toggled(MENUS, [], 'del', 'all'))).toEqual(['del', 'ent', 'sys']);
  });

  it('ticks the rules of a scope menu, never the menu itself', () => {
    expect(sorted(toggled(SCOPES, [], 'notice', 'leaves'))).toEqual(['r1', 'r2', 'r3']);
    expect(sorted(toggled(SCOPES, ['r2'], 'sub', 'leaves'))).toEqual(['r2', 'r3']);
    expect(toggled(SCOPES, ['r3'], 'sub', 'leaves')).toEqual([]);
    expect(toggled(SCOPES, [], 'r1', 'leaves')).toEqual(['r1']);
  });

  it('unticks a scope menu whose rules are all held', () => {
    expect(toggled(SCOPES, ['r1', 'r2', 'r3'], 'notice', 'leaves')).toEqual([]);
  });
});
