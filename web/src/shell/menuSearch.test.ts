import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/menu.ts';
import { initialsOf, loadPinyin, type MenuHit, menuLeaves, searchMenus } from './menuSearch.ts';

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
const names = (query: string, lang: 'zh' | 'en' = 'zh') => searchMenus(leaves, query, lang).map((hit) => hit.leaf.name);
/** A hit's trail as shown, the marked part in brackets: 企业管理 / [企业]信息. */
const marked = (hit: MenuHit) =>
  hit.trail
    .map(({ text, mark }) =>
      mark ? `${text.slice(0, mark.start)}[${text.slice(mark.start, mark.end)}]${text.slice(mark.end)}` : text,
    )
    .join(' / ');
const shown = (query: string, lang: 'zh' | 'en' = 'zh') => searchMenus(leaves, query, lang).map(marked);

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

  it('ranks a page by its own name first, then by its group: qy finds 企业信息 and 企业概览, then the rest of 企业管理', () => {
    expect(names('qy')).toEqual(['企业信息', '企业概览', '科研项目']);
    expect(shown('qy')).toEqual(['[企业]管理 / [企业]信息', '决策驾驶舱 / [企业]概览', '[企业]管理 / 科研项目']);
    // 企业概览 is qygl too.
    expect(names('QYGL')).toEqual(['企业概览', '企业信息', '科研项目']);
    expect(names('企业管')).toEqual(['企业信息', '科研项目']);
    expect(names('jc')).toEqual(['企业概览']);
  });

  it('finds by name prefix, then inside names, case-insensitive', () => {
    expect(names('参数')).toEqual(['参数管理']);
    expect(shown('管理')).toEqual(['系统管理 / 参数[管理]', '系统管理 / 用户[管理]']);
    expect(names('api')).toEqual(['API文档']);
    expect(names('ky')).toEqual(['科研项目']);
    expect(names('信息')).toEqual(['企业信息']);
  });

  it('finds by full pinyin, from the start or from a syllable inside, marking the characters it spells', () => {
    expect(shown('canshu')).toEqual(['系统管理 / [参数]管理']);
    // The last syllable may be typed in part.
    expect(shown('canshug')).toEqual(['系统管理 / [参数管]理']);
    expect(shown('guanli')).toEqual(['系统管理 / 参数[管理]', '系统管理 / 用户[管理]']);
    expect(shown('xiangmu')).toEqual(['企业管理 / 科研[项目]']);
    // Initials inside a name count from a character: gl is 管理 in 参数管理, 概览 in 企业概览.
    expect(names('gl')).toEqual(['参数管理', '用户管理', '企业概览']);
    // Not from the middle of a syllable: anshu is nothing.
    expect(names('anshu')).toEqual([]);
  });

  it('finds by the English names of pages and groups in English', () => {
    expect(names('para', 'en')).toEqual(['参数管理']);
    expect(names('USERS', 'en')).toEqual(['用户管理']);
    expect(names('system', 'en')).toEqual(['参数管理', '用户管理']);
  });

  it('shows each result with its trail, in the language', () => {
    expect(shown('keyan')).toEqual(['企业管理 / [科研]项目']);
    expect(shown('para', 'en')).toEqual(['System / [Para]meters']);
    expect(shown('文档')).toEqual(['API[文档]']);
  });

  it('finds nothing for an empty query', () => {
    expect(searchMenus(leaves, '  ', 'zh')).toEqual([]);
  });
});
