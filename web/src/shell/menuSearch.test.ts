import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/menu.ts';
import { initialsOf, menuLeaves, searchMenus } from './menuSearch.ts';

function node(code: string, name: string, path: string, children: MenuNode[] = []): MenuNode {
  return { id: code, parentId: '0', code, name, path, children };
}

const tree = [
  node('crm', '企业服务', '/crm', [
    node('enterprise', '企业管理', '/crm/enterprise'),
    node('project', '科研项目', '/crm/project'),
  ]),
  node('system', '系统管理', '/system', [
    node('param', '参数管理', '/system/param'),
    node('user', '用户管理', '/system/user'),
  ]),
  node('docs', 'API文档', 'https://example.com/docs'),
];
const leaves = menuLeaves(tree);

describe('menu search', () => {
  it('takes the leaves only', () => {
    expect(leaves.map((l) => l.path)).toEqual([
      '/crm/enterprise',
      '/crm/project',
      '/system/param',
      '/system/user',
      'https://example.com/docs',
    ]);
  });

  it('knows the pinyin initials', () => {
    expect(initialsOf('企业管理')).toBe('qygl');
  });

  it('finds by pinyin initials: qy finds 企业管理', () => {
    expect(searchMenus(leaves, 'qy', 'zh').map((l) => l.name)).toEqual(['企业管理']);
  });

  it('finds by name prefix, case-insensitive, not by the middle of a name', () => {
    expect(searchMenus(leaves, '参数', 'zh').map((l) => l.name)).toEqual(['参数管理']);
    expect(searchMenus(leaves, '管理', 'zh')).toEqual([]);
    expect(searchMenus(leaves, 'api', 'zh').map((l) => l.name)).toEqual(['API文档']);
  });

  it('finds by the English name in English', () => {
    expect(searchMenus(leaves, 'para', 'en').map((l) => l.name)).toEqual(['参数管理']);
    expect(searchMenus(leaves, 'USERS', 'en').map((l) => l.name)).toEqual(['用户管理']);
  });

  it('finds nothing for an empty query', () => {
    expect(searchMenus(leaves, '  ', 'zh')).toEqual([]);
  });
});
