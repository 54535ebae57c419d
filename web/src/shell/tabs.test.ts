import { describe, expect, it } from 'vitest';
import { activeAfterClose, tagOf } from './tabs.ts';

describe('activeAfterClose', () => {
  const keys = ['/wel/index', '/system/param', '/system/user', '/system/dept'];

  it('moves to the tab before the closed active one', () => {
    expect(activeAfterClose(keys, '/system/user', '/system/user')).toBe('/system/param');
    expect(activeAfterClose(keys, '/system/param', '/system/param')).toBe('/wel/index');
  });

  it('stays put when another tab closes', () => {
    expect(activeAfterClose(keys, '/system/dept', '/system/param')).toBe('/system/param');
  });
});

describe('tagOf', () => {
  const routes = [
    {
      path: '/system/param',
      code: 'param',
      name: '参数管理',
      screen: { kind: 'missing' as const },
      keepAlive: false,
    },
  ];

  it('names the tab of a menu page or a shell page, and none for home or unknown paths', () => {
    expect(tagOf(routes, '/system/param')).toEqual({ path: '/system/param', code: 'param', name: '参数管理' });
    expect(tagOf(routes, '/info/index')?.code).toBe('info');
    expect(tagOf(routes, '/test/index', ['administrator'])).toEqual({
      path: '/test/index',
      code: 'test',
      name: '组件示例',
    });
    // The showcase is the administrator's: another user gets no tab for it (the route sends them to /404).
    expect(tagOf(routes, '/test/index', ['user'])).toBeUndefined();
    expect(tagOf(routes, '/info/index', ['user'])?.code).toBe('info');
    expect(tagOf(routes, '/wel/index')).toBeUndefined();
    expect(tagOf(routes, '/nowhere')).toBeUndefined();
  });
});
