import { describe, expect, it } from 'vitest';
import { menu as english } from '../../web/src/i18n/en/menu.ts';
import { namedMenu } from '../../web/src/i18n/menuNames.ts';
import { builtInMenus } from '../src/seed/menus.ts';

/**
 * The web names menus and buttons by code in the user's language (web/src/i18n/en/menu.ts): the sidebar,
 * the grant trees, the package picker and the menu list. A seeded menu or button without an English name
 * would show Chinese in English, so adding one without a name fails here.
 */
describe('English menu names', () => {
  it('names every seeded menu and button', () => {
    const rows = builtInMenus();
    const unnamed = rows
      .filter((row) => !namedMenu((key) => english[key], row.code, row.category === 2))
      .map((row) => `${row.code} (${row.name})`);
    expect(unnamed).toEqual([]);
    expect(rows.filter((row) => row.category === 2).length).toBeGreaterThan(100);
  });

  it('names a button by its action only when it is a button of the four', () => {
    const name = (key: string) => english[key];
    expect(namedMenu(name, 'enterprise_add', true)).toBe('Add');
    expect(namedMenu(name, 'user_reset', true)).toBe('Reset password');
    expect(namedMenu(name, 'custom_view', false)).toBeUndefined();
    expect(namedMenu(name, 'custom_export', true)).toBeUndefined();
  });
});
