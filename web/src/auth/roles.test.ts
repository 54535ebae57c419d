import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/menu.ts';
import { loadPinyin, menuLeaves, searchMenus } from '../shell/menuSearch.ts';
import { allowedFor, roleAliasesOf, visibleMenus } from './roles.ts';

// The menu search's pinyin initials load on its first use in the app; here, before any.
beforeAll(loadPinyin);

const leaf = (id: string, name: string, path: string, roles?: string[] | string): MenuNode => ({
  id,
  parentId: '0',
  code: id,
  name,
  path,
  ...(roles === undefined ? {} : { meta: { roles } }),
});

const tree: MenuNode[] = [
  {
    ...leaf('system', '系统管理', '/system'),
    children: [
      leaf('param', '参数管理', '/system/param'),
      leaf('audit', '审计日志', '/system/audit', ['auditor']),
      leaf('secret', '密钥管理', '/system/secret', 'administrator,auditor'),
    ],
  },
  { ...leaf('ops', '运维', '/ops', ['ops']), children: [leaf('jobs', '任务调度', '/ops/jobs')] },
  { ...leaf('lab', '实验室', '/lab'), children: [leaf('probe', '探针', '/lab/probe', ['auditor'])] },
  leaf('home', '工作台', '/desk', []),
];

const paths = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((node) => (node.children?.length ? paths(node.children) : [node.path]));

describe('roleAliasesOf / allowedFor', () => {
  it("reads the token's comma-joined role_name", () => {
    expect(roleAliasesOf('administrator, user')).toEqual(['administrator', 'user']);
    expect(roleAliasesOf('')).toEqual([]);
    expect(roleAliasesOf(undefined)).toEqual([]);
  });

  it('lets everyone through without a list, else only a holder of a listed role', () => {
    expect(allowedFor(undefined, [])).toBe(true);
    expect(allowedFor([], ['user'])).toBe(true);
    expect(allowedFor(['auditor'], ['user'])).toBe(false);
    expect(allowedFor(['auditor'], ['user', 'auditor'])).toBe(true);
    expect(allowedFor('administrator,auditor', ['auditor'])).toBe(true);
    expect(allowedFor(['Auditor'], ['auditor'])).toBe(false);
  });
});

describe('visibleMenus', () => {
  it('hides the items whose meta.roles leave the user out, and groups left empty', () => {
    expect(paths(visibleMenus(tree, ['administrator']))).toEqual(['/system/param', '/system/secret', '/desk']);
    expect(paths(visibleMenus(tree, ['auditor']))).toEqual([
      '/system/param',
      '/system/audit',
      '/system/secret',
      '/lab/probe',
      '/desk',
    ]);
    // A hidden group hides its pages, even those without a list of their own.
    expect(paths(visibleMenus(tree, ['ops']))).toEqual(['/system/param', '/ops/jobs', '/desk']);
    expect(visibleMenus(tree, ['administrator']).map((node) => node.id)).toEqual(['system', 'home']);
  });

  it('keeps the nodes untouched when nothing is hidden below them', () => {
    const visible = visibleMenus(tree, ['auditor', 'ops']);
    expect(visible[0]).toBe(tree[0]);
    expect(visible[1]).toBe(tree[1]);
  });

  it('is what the menu search searches', () => {
    const leaves = menuLeaves(visibleMenus(tree, ['user']));
    expect(searchMenus(leaves, '审计', 'zh')).toEqual([]);
    expect(searchMenus(leaves, 'CS', 'zh').map((found) => found.leaf.path)).toEqual(['/system/param']);
    expect(
      searchMenus(menuLeaves(visibleMenus(tree, ['auditor'])), 'sj', 'zh').map((found) => found.leaf.path),
    ).toEqual(['/system/audit']);
  });
});
