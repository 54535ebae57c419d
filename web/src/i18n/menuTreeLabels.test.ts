import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../api/system.ts';
import { menuTreeLabels } from './index.ts';

/** The grant trees, the package picker and the parent pickers name menus as the sidebar does. */
describe('menuTreeLabels', () => {
  const node = (id: string, title: string, more: Partial<TreeNode> = {}): TreeNode => ({
    id,
    parentId: '0',
    title,
    key: id,
    value: id,
    ...more,
  });
  const tree = [
    node('1', '工作台', {
      code: 'desk',
      category: 1,
      children: [
        node('2', '新增', { code: 'notice_add', category: 2 }),
        node('3', '自建菜单', { code: 'own_menu', category: 1 }),
      ],
    }),
    node('4', '研发部'),
  ];

  it('names built-in menus and buttons by code in English and keeps other titles', () => {
    const [desk, dept] = menuTreeLabels(tree, 'en');
    expect(desk.title).toBe('Workbench');
    expect(desk.children?.map((node) => node.title)).toEqual(['Add', '自建菜单']);
    expect(dept.title).toBe('研发部');
  });

  it('keeps the server names in Chinese', () => {
    expect(menuTreeLabels(tree, 'zh')[0].children?.map((node) => node.title)).toEqual(['新增', '自建菜单']);
  });
});
