import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/menu.ts';
import { initialsOf, loadPinyin, menuLeaves, menuTrail, searchMenus } from './menuSearch.ts';

// The dictionary loads on the first search in the app; here, before any.
beforeAll(loadPinyin);

function node(code: string, name: string, path: string, children: MenuNode[] = []): MenuNode {
  return { id: code, parentId: '0', code, name, path, children };
}

// As the seed has them: 企业管理 is a group, its pages 企业信息 and 科研项目.
const tree = [
  node('crm', '企业管理', '/crm', [
    node('enterprise', '企业信息', '/crm/enterprise'),
    node('project', '科研项目', '/crm/project'),
  ]),
  node('system', '系统管理', '/system', [
    node('param', '参数管理', '/system/param'),
    node('user', '用户管理', '/system/user'),
  ]),
  node('decision', '决策驾驶舱', '/decision', [node('overview', '企业概览', '/decision/overview')]),
  node('docs', 'API文档', 'https://example.com/docs'),
];
const leaves = menuLeaves(tree);
const names = (query: string, lang: 'zh' | 'en' = 'zh') => searchMenus(leaves, query, lang).map((l) => l.name);

describe('menu search', () => {
  it('takes the leaves only, each with the groups above it', () => {
    expect(leaves.map((l) => l.path)).toEqual([
      '/crm/enterprise',
      '/crm/project',
      '/system/param',
      '/system/user',
      '/decision/overview',
      'https://example.com/docs',
    ]);
    expect(leaves[1].ancestors.map((a) => a.name)).toEqual(['企业管理']);
    expect(leaves[5].ancestors).toEqual([]);
  });

  it('knows the pinyin initials', () => {
    expect(initialsOf('企业管理')).toBe('qygl');
  });

  it('finds a page by its group: qy finds every page under 企业管理, and pages named 企业…, in menu order', () => {
    expect(names('qy')).toEqual(['企业信息', '科研项目', '企业概览']);
    // 企业概览 is qygl too.
    expect(names('QYGL')).toEqual(['企业信息', '科研项目', '企业概览']);
    expect(names('企业管')).toEqual(['企业信息', '科研项目']);
    expect(names('jc')).toEqual(['企业概览']);
  });

  it('finds by name prefix, case-insensitive, not by the middle of a name', () => {
    expect(names('参数')).toEqual(['参数管理']);
    expect(names('管理')).toEqual([]);
    expect(names('api')).toEqual(['API文档']);
    expect(names('ky')).toEqual(['科研项目']);
  });

  it('finds by the English names of pages and groups in English', () => {
    expect(names('para', 'en')).toEqual(['参数管理']);
    expect(names('USERS', 'en')).toEqual(['用户管理']);
    expect(names('system', 'en')).toEqual(['参数管理', '用户管理']);
  });

  it('shows each result with its trail, in the language', () => {
    expect(menuTrail(leaves[1], 'zh')).toBe('企业管理 / 科研项目');
    expect(menuTrail(leaves[2], 'en')).toBe('System / Parameters');
    expect(menuTrail(leaves[5], 'zh')).toBe('API文档');
  });

  it('finds nothing for an empty query', () => {
    expect(searchMenus(leaves, '  ', 'zh')).toEqual([]);
  });
});
