import { describe, expect, it } from 'vitest';
import { activeAfterClose } from './tabs.ts';

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
