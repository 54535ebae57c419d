import { beforeEach, describe, expect, it } from 'vitest';
import { useTags } from './tags.ts';

describe('useTags.keep', () => {
  beforeEach(() => useTags.getState().reset());

  it('opens a tag once and brings its name and address up to date in place', () => {
    const { keep, open } = useTags.getState();
    open({ path: '/system/param', code: 'param', name: '参数管理' });
    keep({
      path: '/crm/enterprise/detail',
      code: '/crm/enterprise/detail',
      name: '企业详情',
      to: '/crm/enterprise/detail?id=1',
    });
    keep({
      path: '/crm/enterprise/detail',
      code: '/crm/enterprise/detail',
      name: '企业详情：星河',
      to: '/crm/enterprise/detail?id=1&tab=staff',
    });
    expect(useTags.getState().tags).toEqual([
      { path: '/system/param', code: 'param', name: '参数管理' },
      {
        path: '/crm/enterprise/detail',
        code: '/crm/enterprise/detail',
        name: '企业详情：星河',
        to: '/crm/enterprise/detail?id=1&tab=staff',
      },
    ]);
  });

  it('leaves the state alone when nothing changed', () => {
    const tag = {
      path: '/crm/project/detail/1',
      code: '/crm/project/detail/1',
      name: '科研项目：甲',
      to: '/crm/project/detail/1',
    };
    useTags.getState().keep(tag);
    const before = useTags.getState().tags;
    useTags.getState().keep({ ...tag });
    expect(useTags.getState().tags).toBe(before);
  });
});
