/**
 * Groups chunks by the lazy screens that load them (build/sharedChunks.ts): alike sets of screens together, while no
 * screen loads much it does not use.
 */

/** A chunk of the first build, as the lazy screens see it. */
export interface Atom {
  id: string;
  /** The lazy screens (dynamic entries) that load it. */
  users: Set<string>;
  /** The chunks a screen loads with it: itself and its imports, those of the first pages left out. */
  closure: Set<string>;
}

export interface Alike {
  /** The least share of screens two groups must have in common to join (Jaccard index, 0 to 1). */
  minShared: number;
  /** The most bytes the groups may bring to any screen that does not use them. */
  maxUnused: number;
}

/** The chunks, their sizes and what each screen loads, to group. */
export interface Chunks {
  atoms: Atom[];
  bytes: (chunk: string) => number;
  /** The chunks each screen loads (its own closure, the first pages' left out). */
  loads: Map<string, Set<string>>;
}

const jaccard = (a: Set<string>, b: Set<string>) => {
  let both = 0;
  for (const user of a) if (b.has(user)) both++;
  return both / (a.size + b.size - both);
};

/**
 * Groups the atoms used by two or more screens, most alike first, and returns the groups of two or more atoms (their
 * ids). Two groups join when they share at least `minShared` of their screens and no screen of either would then load,
 * over all the joins, more than `maxUnused` bytes it does not use.
 */
export function groupAlike({ atoms, bytes, loads }: Chunks, alike: Alike): string[][] {
  const groups = atoms
    .filter((atom) => atom.users.size >= 2)
    .map((atom) => ({ ids: [atom.id], users: new Set(atom.users), closure: new Set(atom.closure) }));
  const loaded = new Map([...loads].map(([screen, chunks]) => [screen, new Set(chunks)]));
  const unused = new Map<string, number>();
  type Group = (typeof groups)[number];
  /** What each screen of the two would load for nothing once they are one, or undefined when one would pass its share. */
  const costOf = (a: Group, b: Group) => {
    const extra = new Map<string, number>();
    for (const screen of new Set([...a.users, ...b.users])) {
      const has = loaded.get(screen) ?? new Set();
      let more = 0;
      for (const chunk of new Set([...a.closure, ...b.closure])) if (!has.has(chunk)) more += bytes(chunk);
      if ((unused.get(screen) ?? 0) + more > alike.maxUnused) return undefined;
      extra.set(screen, more);
    }
    return extra;
  };
  for (;;) {
    const pairs: { a: Group; b: Group; shared: number }[] = [];
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const shared = jaccard(groups[i].users, groups[j].users);
        if (shared >= alike.minShared) pairs.push({ a: groups[i], b: groups[j], shared });
      }
    }
    pairs.sort((x, y) => y.shared - x.shared);
    const join = pairs.map((pair) => ({ ...pair, extra: costOf(pair.a, pair.b) })).find((pair) => pair.extra);
    if (!join?.extra) break;
    const { a, b, extra } = join;
    a.ids.push(...b.ids);
    for (const user of b.users) a.users.add(user);
    for (const chunk of b.closure) a.closure.add(chunk);
    for (const [screen, more] of extra) {
      unused.set(screen, (unused.get(screen) ?? 0) + more);
      const has = loaded.get(screen) ?? new Set();
      for (const chunk of a.closure) has.add(chunk);
      loaded.set(screen, has);
    }
    groups.splice(groups.indexOf(b), 1);
  }
  return groups.filter((group) => group.ids.length > 1).map((group) => group.ids);
}
