import type { MenuNode } from '../api/menu.ts';

/** The folder ids from the top of the tree down to the folder `id` (itself last); none when it is not there. */
export function folderLine(tree: MenuNode[], id: string): string[] {
  for (const node of tree) {
    if (!node.children?.length) continue;
    if (node.id === id) return [id];
    const below = folderLine(node.children, id);
    if (below.length) return [node.id, ...below];
  }
  return [];
}

/**
 * The sidebar's open folders once antd reports `next` (its onOpenChange) after `previous`, in accordion
 * mode: a folder just opened closes every open folder that is not one of its own parents.
 */
export function accordionKeys(tree: MenuNode[], previous: string[], next: string[]): string[] {
  const opened = next.find((key) => !previous.includes(key));
  if (opened === undefined) return next;
  const line = folderLine(tree, opened);
  return next.filter((key) => line.includes(key));
}

/** Router state of a page shown because the tab before it was closed: the sidebar keeps the folders it has open. */
export const AFTER_TAB_CLOSE = { afterTabClose: true } as const;

/**
 * The open folders once a page is shown: its own folders open; as an accordion alone, unless it is shown because a
 * tab was closed (`keep`): the folder one was working in stays open beside it, not folded under one's hand.
 */
export function pageKeys(open: string[], ancestors: string[], accordion: boolean, keep = false): string[] {
  const missing = ancestors.filter((key) => !open.includes(key));
  if (!missing.length) return open;
  return accordion && !keep ? ancestors : [...open, ...missing];
}
