/**
 * A menu's or button's name among a language's menu names (i18n/<lang>/menu.ts), by its code: a menu or a
 * screen's own button by its full code; the four buttons every list screen has (`<key>_add|_edit|_delete|_view`,
 * server/src/seed/menus.ts) by their action, listed once as `*_add` and so on. Undefined when the language names
 * none, so the caller shows the server's name. Free of i18next so the server's tests can check the seed with it.
 */
export function namedMenu(name: (key: string) => unknown, code: string, button: boolean): string | undefined {
  const own = name(code);
  if (typeof own === 'string') return own;
  const action = button ? /_(add|edit|delete|view)$/.exec(code)?.[1] : undefined;
  const generic = action ? name(`*_${action}`) : undefined;
  return typeof generic === 'string' ? generic : undefined;
}
