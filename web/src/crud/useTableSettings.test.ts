import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../stores/session.ts';
import {
  arrangeColumns,
  DEFAULT_SETTINGS,
  hiddenKeys,
  orderedKeys,
  readSettings,
  settingsKey,
  useTableSettings,
} from './useTableSettings.ts';

const signIn = (userId: string) =>
  useSession.setState({ user: { userId } as ReturnType<typeof useSession.getState>['user'] });

describe('table settings', () => {
  afterEach(() => {
    localStorage.clear();
    useSession.setState({ user: null });
  });

  it("keeps a user's column order, hidden columns, density and folded search for that user and screen", () => {
    signIn('u1');
    const first = renderHook(() => useTableSettings('enterprise'));
    act(() =>
      first.result.current.update({ order: ['status', 'enterpriseName'], hidden: ['industry'], shown: ['remark'] }),
    );
    act(() => first.result.current.update({ density: 'small', collapsed: true }));
    first.unmount();

    // Back on the screen (a reload): as left.
    const again = renderHook(() => useTableSettings('enterprise'));
    expect(again.result.current.settings).toEqual({
      order: ['status', 'enterpriseName'],
      hidden: ['industry'],
      shown: ['remark'],
      density: 'small',
      collapsed: true,
    });
    // Another screen of the same user, and the same screen of another user, have their own.
    expect(renderHook(() => useTableSettings('user')).result.current.settings).toEqual(DEFAULT_SETTINGS);
    signIn('u2');
    expect(renderHook(() => useTableSettings('enterprise')).result.current.settings).toEqual(DEFAULT_SETTINGS);
    expect(localStorage.getItem(settingsKey('u1', 'enterprise'))).not.toBeNull();
  });

  it('reads a malformed or foreign stored value part by part, at the defaults', () => {
    localStorage.setItem('k', '{"order":["a",3],"hidden":"x","shown":[1],"density":"huge","collapsed":"yes"}');
    expect(readSettings('k')).toEqual({ ...DEFAULT_SETTINGS, order: ['a'] });
    localStorage.setItem('k', 'not json');
    expect(readSettings('k')).toEqual(DEFAULT_SETTINGS);
  });

  it('orders the columns as set, a column the setting does not know in its own place after them, hidden ones out', () => {
    expect(orderedKeys(['a', 'b', 'c', 'd'], ['c', 'gone', 'a'])).toEqual(['c', 'a', 'b', 'd']);
    const columns = [{ key: 'a' }, { key: 'b' }, { key: 'c' }];
    expect(arrangeColumns(columns, { ...DEFAULT_SETTINGS, order: ['c', 'b'], hidden: ['a'] })).toEqual([
      { key: 'c' },
      { key: 'b' },
    ]);
  });

  it('hides the columns the screen is too narrow for, except those the user showed again, besides those the user hid', () => {
    const settings = { ...DEFAULT_SETTINGS, hidden: ['a'], shown: ['c'] };
    expect([...hiddenKeys(settings, ['b', 'c'])].sort()).toEqual(['a', 'b']);
    const columns = [{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }];
    expect(arrangeColumns(columns, settings, ['b', 'c'])).toEqual([{ key: 'c' }, { key: 'd' }]);
    // Without a narrow screen only the user's own choice hides.
    expect(arrangeColumns(columns, settings)).toEqual([{ key: 'b' }, { key: 'c' }, { key: 'd' }]);
  });
});
