import { describe, expect, it } from 'vitest';
import { type Atom, groupAlike } from './groupAlike.ts';

/** Chunks named by a letter, each of `size` bytes; a screen loads the chunks its users list gives it. */
function chunks(uses: Record<string, string[]>, size: Record<string, number> = {}) {
  const atoms: Atom[] = Object.entries(uses).map(([id, users]) => ({
    id,
    users: new Set(users),
    closure: new Set([id]),
  }));
  const loads = new Map<string, Set<string>>();
  for (const atom of atoms) {
    for (const screen of atom.users) loads.set(screen, new Set([...(loads.get(screen) ?? []), atom.id]));
  }
  return { atoms, loads, bytes: (id: string) => size[id] ?? 1_000 };
}
const ALIKE = { minShared: 0.5, maxUnused: 5_000 };
const sorted = (groups: string[][]) => groups.map((group) => [...group].sort());

describe('groupAlike', () => {
  it('joins the chunks of screens that mostly coincide, and leaves the others', () => {
    const groups = groupAlike(
      chunks({ picker: ['a', 'b', 'c', 'd'], upload: ['a', 'b', 'c'], date: ['a', 'b', 'c', 'e'], chart: ['x', 'y'] }),
      ALIKE,
    );
    expect(sorted(groups)).toEqual([['date', 'picker', 'upload']]);
  });

  it('keeps apart what a screen would load without using it, when that is large', () => {
    // 'big' is used by a, b and c, not d: joined with 'small', d would load it for nothing.
    expect(groupAlike(chunks({ small: ['a', 'b', 'c', 'd'], big: ['a', 'b', 'c'] }, { big: 50_000 }), ALIKE)).toEqual(
      [],
    );
    // What d would load for nothing is small the other way round: joined.
    expect(
      groupAlike(chunks({ big: ['a', 'b', 'c', 'd'], small: ['a', 'b', 'c'] }, { big: 50_000 }), ALIKE),
    ).toHaveLength(1);
  });

  it("counts a screen's unused bytes over all the joins", () => {
    // The first join brings e (or f) 4,500 bytes it does not use; the second would bring it 1,000 more.
    const uses = { x: ['a', 'b', 'c', 'd', 'e'], y: ['a', 'b', 'c', 'd', 'f'], p: ['a', 'b', 'c', 'd'] };
    const groups = groupAlike(chunks(uses, { p: 4_500 }), ALIKE);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toHaveLength(2);
    expect(groups[0]).toContain('p');
    expect(groupAlike(chunks(uses, { p: 4_500 }), { ...ALIKE, maxUnused: 10_000 })[0]).toHaveLength(3);
  });

  it("weighs a group's whole size, not each chunk's", () => {
    // p, q and r (2,000 bytes each) are used by the same screens and join first; e would then load all three.
    const uses = {
      x: ['a', 'b', 'c', 'd', 'e'],
      p: ['a', 'b', 'c', 'd'],
      q: ['a', 'b', 'c', 'd'],
      r: ['a', 'b', 'c', 'd'],
    };
    const size = { p: 2_000, q: 2_000, r: 2_000 };
    expect(sorted(groupAlike(chunks(uses, size), ALIKE))).toEqual([['p', 'q', 'r']]);
  });

  it('does not count what a screen loads already', () => {
    // d loads 'big' by itself, so joining 'big' to the chunk d shares with a, b and c costs it nothing.
    const joined = chunks({ small: ['a', 'b', 'c', 'd'], big: ['a', 'b', 'c'] }, { big: 50_000 });
    joined.loads.get('d')?.add('big');
    expect(groupAlike(joined, ALIKE)).toHaveLength(1);
  });

  it("leaves a chunk of one screen to that screen's own", () => {
    expect(groupAlike(chunks({ own: ['a'], also: ['a'] }), ALIKE)).toEqual([]);
  });

  it('does not join screens that share less than asked', () => {
    expect(groupAlike(chunks({ p: ['a', 'b', 'c'], q: ['c', 'd', 'e'] }), ALIKE)).toEqual([]);
  });
});
