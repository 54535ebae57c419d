import { afterEach, describe, expect, it } from 'vitest';
import { movedTag, useTags } from '../stores/tags.ts';
import { MOVED_PATHS, movedAddress } from './movedPaths.ts';

describe('movedAddress', () => {
  it("leads a moved screen's old address, and a page below it, to the new one with its query and hash", () => {
    expect(movedAddress('/system/role')).toBe('/authority/role');
    expect(movedAddress('/develop/report?period=2026-10#top')).toBe('/report/reportlist?period=2026-10#top');
    expect(movedAddress('/system/region/detail/7')).toBe('/base/region/detail/7');
  });

  it('leaves every other address alone', () => {
    for (const address of ['/system/roles', '/system/user', '/authority/role', '/tool/code', '/developer/code']) {
      expect(movedAddress(address), address).toBeUndefined();
    }
  });

  it("moves the seven screens to BladeX's paths", () => {
    expect([...MOVED_PATHS.values()].sort()).toEqual(
      [
        '/authority/apiscope',
        '/authority/datascope',
        '/authority/role',
        '/base/region',
        '/report/reportlist',
        '/tool/code',
        '/tool/datasource',
      ].sort(),
    );
  });
});

describe('tabs kept from before the move', () => {
  afterEach(() => {
    localStorage.clear();
    useTags.getState().reset();
  });

  it('reopen at the new addresses', async () => {
    localStorage.setItem(
      'park.tags',
      JSON.stringify({
        state: {
          tags: [
            { path: '/system/role', code: 'role', name: '角色管理' },
            { path: '/develop/code', code: 'code', name: '代码生成', to: '/develop/code?id=9' },
            { path: '/system/param', code: 'param', name: '参数管理' },
          ],
        },
        version: 0,
      }),
    );
    await useTags.persist.rehydrate();
    expect(useTags.getState().tags).toEqual([
      { path: '/authority/role', code: 'role', name: '角色管理' },
      { path: '/tool/code', code: 'code', name: '代码生成', to: '/tool/code?id=9' },
      { path: '/system/param', code: 'param', name: '参数管理' },
    ]);
    // Stored again under the new version: a later start reads them as they are.
    expect(JSON.parse(localStorage.getItem('park.tags') ?? '{}').version).toBe(1);
  });

  it('keeps an unmoved tab as it is', () => {
    const tag = { path: '/system/user', code: 'user', name: '用户管理' };
    expect(movedTag(tag)).toBe(tag);
  });
});
