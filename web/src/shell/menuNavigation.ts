import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuNode } from '../api/menu.ts';
import { IS_OPEN_YES, isEmbedded } from '../router/menuRoutes.ts';
import { useMenuTree } from '../router/useMenuTree.ts';
import { useTags } from '../stores/tags.ts';
import { menuLeaves } from './menuSearch.ts';
import { tagOf } from './tabs.ts';

export function iframePathOf(path: string): string {
  return `/myiframe/${encodeURIComponent(path)}`;
}

function findLeaf(nodes: MenuNode[], path: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.children?.length) {
      const found = findLeaf(node.children, path);
      if (found) return found;
    } else if (node.path === path) return node;
  }
  return undefined;
}

/** The searchable leaves of the user's menus, and how to open one the way the sidebar does. */
export function useMenuNavigation() {
  const { tree, pages: routes } = useMenuTree();
  const navigate = useNavigate();
  const openTag = useTags((s) => s.open);
  const leaves = useMemo(() => menuLeaves(tree), [tree]);
  const open = (path: string) => {
    // The tab opens on the click: a page still loading when the user moves on never renders,
    // since navigations run as transitions, but it was asked for and belongs in the tags bar.
    if (!isEmbedded(path)) {
      const tag = tagOf(routes, path);
      if (tag) openTag(tag);
      navigate(path);
      return;
    }
    const leaf = findLeaf(tree, path);
    if (leaf?.isOpen === IS_OPEN_YES) {
      window.open(path, '_blank', 'noopener');
      return;
    }
    // An embedded page is a tab too, leading back to its /myiframe address.
    const inside = iframePathOf(path);
    if (leaf) openTag({ path: inside, code: leaf.code, name: leaf.name });
    navigate(inside);
  };
  return { tree, leaves, open };
}
