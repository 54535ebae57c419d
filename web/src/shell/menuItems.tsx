import type { MenuProps } from 'antd';
import { createElement } from 'react';
import type { MenuNode } from '../api/menu.ts';
import { type Lang, menuLabel } from '../i18n/index.ts';
import { CutLabel } from './CutLabel.tsx';
import { menuIconOf } from './menuIcon.tsx';

type Items = NonNullable<MenuProps['items']>;

/**
 * Sidebar items: groups keyed by menu id, pages keyed by their path (which is also the selected key);
 * a label too long for the menu shows whole in a tooltip.
 */
export function menuItems(nodes: MenuNode[], lang: Lang): Items {
  return nodes.map((node) => {
    const common = {
      icon: createElement(menuIconOf(node.source)),
      label: createElement(CutLabel, { text: menuLabel(node.code, node.name, lang) }),
    };
    return node.children?.length
      ? { key: node.id, ...common, children: menuItems(node.children, lang) }
      : { key: node.path, ...common };
  });
}
