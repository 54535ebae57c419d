import type { TreeNode } from '../../api/system.ts';
import { BPMN_HIGHLIGHT } from '../bpmn/BpmnViewer.tsx';

/**
 * The diagram's marks for a process's progress (process/detail `nodes`): the elements passed (flows taken
 * among them) as done, the ones waiting now as active, which wins where an element is both (a loop back).
 */
export function progressHighlights(nodes: { finished?: string[]; current?: string[] } | null | undefined) {
  const marks: Record<string, string> = {};
  for (const id of nodes?.finished ?? []) marks[id] = BPMN_HIGHLIGHT.done;
  for (const id of nodes?.current ?? []) marks[id] = BPMN_HIGHLIGHT.active;
  return marks;
}

/** The id of a category and those of every category below it, for a filter that takes a branch whole. */
export function branchIds(tree: readonly TreeNode[], id: string): Set<string> {
  const ids = new Set<string>();
  const collect = (node: TreeNode) => {
    ids.add(node.id);
    for (const child of node.children ?? []) collect(child);
  };
  const find = (nodes: readonly TreeNode[]): boolean =>
    nodes.some((node) => {
      if (node.id === id) {
        collect(node);
        return true;
      }
      return find(node.children ?? []);
    });
  if (!find(tree)) ids.add(id);
  return ids;
}

/** The tree cut to the categories that hold something (`used`), themselves or below them; the others left out. */
export function usedBranches(tree: readonly TreeNode[], used: ReadonlySet<string>): TreeNode[] {
  return tree.flatMap((node) => {
    const children = usedBranches(node.children ?? [], used);
    if (!used.has(node.id) && children.length === 0) return [];
    return [{ ...node, children: children.length ? children : undefined }];
  });
}
