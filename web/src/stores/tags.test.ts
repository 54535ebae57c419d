import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TAG_LIMIT, usePreferences } from './preferences.ts';
import { useTags, withinLimit } from './tags.ts';

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

describe('the tag limit', () => {
  const tag = (n: number) => ({ path: `/p${n}`, code: `p${n}`, name: `P${n}` });
  beforeEach(() => {
    useTags.getState().reset();
    usePreferences.getState().setTagLimit(DEFAULT_TAG_LIMIT);
  });

  it('keeps the tags within the limit, 首页 counted, closing the oldest but never the current one', () => {
    const tags = [tag(1), tag(2), tag(3), tag(4), tag(5)];
    expect(withinLimit(tags, 6, '/p5')).toBe(tags);
    expect(withinLimit(tags, 4, '/p5').map((t) => t.path)).toEqual(['/p3', '/p4', '/p5']);
    // The current tab is the oldest: the next oldest go.
    expect(withinLimit(tags, 4, '/p1').map((t) => t.path)).toEqual(['/p1', '/p4', '/p5']);
    // A limit of one leaves the current tab beside 首页 all the same.
    expect(withinLimit(tags, 1, '/p3').map((t) => t.path)).toEqual(['/p3']);
  });

  it('opening one past the limit closes the oldest, at the default of 20 tabs', () => {
    expect(DEFAULT_TAG_LIMIT).toBe(20);
    for (let n = 1; n <= 25; n++) useTags.getState().open(tag(n));
    const paths = useTags.getState().tags.map((t) => t.path);
    expect(paths).toHaveLength(19);
    expect(paths[0]).toBe('/p7');
    expect(paths.at(-1)).toBe('/p25');
  });

  it('a limit lowered in the settings closes the oldest at once, keeping the current tab', () => {
    for (let n = 1; n <= 8; n++) useTags.getState().open(tag(n));
    usePreferences.getState().setTagLimit(5);
    useTags.getState().trim('/p2');
    expect(useTags.getState().tags.map((t) => t.path)).toEqual(['/p2', '/p6', '/p7', '/p8']);
    // Out of the settings' range, the limit is brought into it.
    usePreferences.getState().setTagLimit(2);
    expect(usePreferences.getState().tagLimit).toBe(5);
  });
});
