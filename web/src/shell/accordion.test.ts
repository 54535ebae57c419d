import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../api/menu.ts';
import { accordionKeys, folderLine, pageKeys } from './accordion.ts';

const node = (id: string, children?: MenuNode[]): MenuNode =>
  ({ id, parentId: '0', code: id, name: id, path: `/${id}`, children }) as MenuNode;

// system (param, dict (a, b)), crm (enterprise), basic (staff)
const TREE = [
  node('system', [node('param'), node('dict', [node('a'), node('b')])]),
  node('crm', [node('enterprise')]),
  node('basic', [node('staff')]),
];

describe('the accordion sidebar', () => {
  it('finds a folder with its parents', () => {
    expect(folderLine(TREE, 'dict')).toEqual(['system', 'dict']);
    expect(folderLine(TREE, 'crm')).toEqual(['crm']);
    expect(folderLine(TREE, 'param')).toEqual([]);
  });

  it('opening a folder closes the other open ones', () => {
    expect(accordionKeys(TREE, ['system'], ['system', 'crm'])).toEqual(['crm']);
    expect(accordionKeys(TREE, ['system', 'dict'], ['system', 'dict', 'basic'])).toEqual(['basic']);
  });

  it('opening a folder inside another keeps its parent open', () => {
    expect(accordionKeys(TREE, ['system'], ['system', 'dict'])).toEqual(['system', 'dict']);
  });

  it('closing a folder only closes it', () => {
    expect(accordionKeys(TREE, ['system', 'dict'], ['system'])).toEqual(['system']);
    expect(accordionKeys(TREE, ['crm'], [])).toEqual([]);
  });

  it("opens a page's folder alone, but keeps the one worked in when a closed tab brought the page", () => {
    // Working in 系统管理 › 字典; the tab closed, the next tab's page is in 企业管理.
    expect(pageKeys(['system', 'dict'], ['crm'], true)).toEqual(['crm']);
    expect(pageKeys(['system', 'dict'], ['crm'], true, true)).toEqual(['system', 'dict', 'crm']);
    // Its folder open already, or no accordion: nothing folds.
    expect(pageKeys(['system', 'crm'], ['crm'], true)).toEqual(['system', 'crm']);
    expect(pageKeys(['system'], ['crm'], false)).toEqual(['system', 'crm']);
  });
});
