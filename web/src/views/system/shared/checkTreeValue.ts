/**
 * The value logic of a grant tree (CheckTree) and of a package's menu picker (IdsTreeSelect,
 * checkable): the value is the set of granted ids, never what Ant Design's cascading tree
 * would tick. A parent shows ticked only when every child below it does, half-ticked when
 * some do (or, a menu, when it is held alone), so a role or package holding a menu but not
 * all its buttons shows exactly that, and saving unchanged changes nothing.
 */

export interface ValueNode {
  key: string;
  children?: ValueNode[];
}

/**
 * What the value may hold: `all` every node (menus: a parent is held with any child, as
 * BladeX sends checked plus half-checked keys, so routes still build); `leaves` the leaves
 * only (scope rules under their menus, which are context, never granted).
 */
export type ValueKind = 'all' | 'leaves';

export interface TreeMarks {
  checked: string[];
  halfChecked: string[];
}

/** Which nodes show ticked and half-ticked for `value`. */
export function marksOf(nodes: ValueNode[], value: readonly string[]): TreeMarks {
  const held = new Set(value);
  const checked: string[] = [];
  const halfChecked: string[] = [];
  /** Answers whether the node is wholly ticked and whether anything at or below it is held. */
  const visit = (node: ValueNode): { all: boolean; any: boolean } => {
    if (!node.children?.length) {
      const on = held.has(node.key);
      if (on) checked.push(node.key);
      return { all: on, any: on };
    }
    let all = true;
    let any = held.has(node.key);
    for (const child of node.children) {
      const mark = visit(child);
      all &&= mark.all;
      any ||= mark.any;
    }
    if (all) checked.push(node.key);
    else if (any) halfChecked.push(node.key);
    return { all, any };
  };
  for (const node of nodes) visit(node);
  return { checked, halfChecked };
}

/** Ticks or unticks `key`, with everything below it, and gives the new value. */
export function toggled(nodes: ValueNode[], value: readonly string[], key: string, kind: ValueKind): string[] {
  const path = pathTo(nodes, key);
  if (!path) return [...value];
  const node = path[path.length - 1];
  const ancestors = path.slice(0, -1);
  const holdable = (n: ValueNode) => kind === 'all' || !n.children?.length;
  const subtree = keysBelow(node, holdable);
  const next = new Set(value);
  const on = marksOf([node], value).checked.includes(node.key);
  if (on) {
    for (const k of [node.key, ...keysBelow(node, () => true)]) next.delete(k);
    // An ancestor is held while anything below it still is.
    for (const ancestor of [...ancestors].reverse()) {
      if (kind === 'all' && !keysBelow(ancestor, () => true).some((k) => next.has(k))) next.delete(ancestor.key);
    }
  } else {
    for (const k of subtree) next.add(k);
    if (holdable(node)) next.add(node.key);
    if (kind === 'all') for (const ancestor of ancestors) next.add(ancestor.key);
  }
  return [...next];
}

/** The nodes from a root down to `key`, or undefined when no node has it. */
function pathTo(nodes: ValueNode[], key: string): ValueNode[] | undefined {
  for (const node of nodes) {
    if (node.key === key) return [node];
    const below = node.children && pathTo(node.children, key);
    if (below) return [node, ...below];
  }
  return undefined;
}

/** The keys strictly below a node that pass `keep`. */
function keysBelow(node: ValueNode, keep: (n: ValueNode) => boolean): string[] {
  return (node.children ?? []).flatMap((child) => [...(keep(child) ? [child.key] : []), ...keysBelow(child, keep)]);
}
