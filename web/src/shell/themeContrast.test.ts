import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME_NAMES, type ThemeName } from '../stores/preferences.ts';
import { contrast, mix } from '../utils/colour.ts';
import { antdThemeOf, PRESET_COLOURS, selectedRowsOf, shellColours, THEMES } from './themes.ts';

/**
 * Issue 20's "must show": the WCAG contrast of every colour pair Ant Design draws text or a mark with, in
 * each of the eleven themes with its own accent, from the tokens its algorithm derives (what the
 * components actually paint). Text needs 4.5:1 (WCAG 1.4.3); the focus ring, a UI mark, 3:1 (1.4.11).
 * Each pair is measured on every surface it sits on and the worst counts. The table printed at the end
 * is the one in docs/decisions.md.
 */

type Token = ReturnType<typeof theme.getDesignToken> & Record<string, string>;

interface Pair {
  name: string;
  /** The least ratio WCAG AA asks of it. */
  least: 4.5 | 3;
  ratio: (token: Token, name: ThemeName) => number;
}

const worstOn = (text: string, surfaces: string[]) => Math.min(...surfaces.map((surface) => contrast(text, surface)));
/** Where text sits: cards and table headers, popups and dialogs, the page's layout grey. */
const surfaces = (t: Token) => [t.colorBgContainer, t.colorBgElevated, t.colorBgLayout];

/** The preset colours the screens give tags (cyan: a job's state; red: the error log's type), then all of them. */
const PRESET_TAGS = ['cyan', 'red'] as const;
const STATUS_TAGS = [
  ['success', 'Success'],
  ['processing', 'Info'],
  ['warning', 'Warning'],
  ['error', 'Error'],
] as const;

const PAIRS: Pair[] = [
  { name: 'text', least: 4.5, ratio: (t) => worstOn(t.colorText, surfaces(t)) },
  { name: 'heading', least: 4.5, ratio: (t) => worstOn(t.colorTextHeading, surfaces(t)) },
  { name: 'secondary', least: 4.5, ratio: (t) => worstOn(t.colorTextDescription, surfaces(t)) },
  { name: 'placeholder', least: 4.5, ratio: (t) => worstOn(t.colorTextPlaceholder, [t.colorBgContainer]) },
  {
    name: 'primary button',
    least: 4.5,
    ratio: (t, name) => contrast(shellColours(THEMES[name], THEMES[name].accent).onPrimary, t.colorPrimary),
  },
  // Hovered and pressed: WCAG asks the same of a state as of the rest.
  {
    name: 'primary button hovered',
    least: 4.5,
    ratio: (t, name) => {
      const on = shellColours(THEMES[name], THEMES[name].accent).onPrimary;
      return Math.min(contrast(on, t.colorPrimaryHover), contrast(on, t.colorPrimaryActive));
    },
  },
  { name: 'link', least: 4.5, ratio: (t) => worstOn(t.colorLink, surfaces(t)) },
  {
    name: 'link hovered',
    least: 4.5,
    ratio: (t) => Math.min(worstOn(t.colorLinkHover, surfaces(t)), worstOn(t.colorLinkActive, surfaces(t))),
  },
  // 删除 and the other danger links and buttons, and the form's error messages.
  { name: 'danger', least: 4.5, ratio: (t) => worstOn(t.colorError, [...surfaces(t), t.colorErrorBg]) },
  ...STATUS_TAGS.map(
    ([tag, token]): Pair => ({
      name: `${tag} tag`,
      least: 4.5,
      ratio: (t) => worstOn(t[`color${token}`], [...surfaces(t), t[`color${token}Bg`]]),
    }),
  ),
  ...PRESET_TAGS.map(
    (colour): Pair => ({
      name: `${colour} tag`,
      least: 4.5,
      // Ant Design draws a preset tag as the 7th shade of its palette on the 1st.
      ratio: (t) => contrast(t[`${colour}7`], t[`${colour}1`]),
    }),
  ),
  // A default tag: the text colour on the tertiary fill over the card.
  {
    name: 'default tag',
    least: 4.5,
    ratio: (t) => contrast(t.colorText, mixOver(t.colorFillTertiary, t.colorBgContainer)),
  },
  // A selected row's links (编辑, 删除) and grey text, on the row's tint and its hovered tint.
  {
    name: 'selected row',
    least: 4.5,
    ratio: (t, name) => {
      const rows = selectedRowsOf(shellColours(THEMES[name], THEMES[name].accent).primaryFill, THEMES[name].dark);
      return Math.min(...[t.colorLink, t.colorError, t.colorTextDescription].map((text) => worstOn(text, rows)));
    },
  },
  // An empty table's text: antd draws it in the table's disabled grey, which the theme gives the readable one.
  {
    name: 'empty table',
    least: 4.5,
    ratio: (_t, name) => {
      const table = antdThemeOf(THEMES[name], THEMES[name].accent).components?.Table as Record<string, string>;
      return contrast(table.colorTextDisabled, tokenOf(name).colorBgContainer);
    },
  },
  { name: 'focus ring', least: 3, ratio: (t) => worstOn(t.colorPrimaryBorder, surfaces(t)) },
];

/** A translucent fill as painted over `below`. */
function mixOver(fill: string, below: string): string {
  const parts = fill
    .match(/rgba?\(([^)]*)\)/)?.[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts) return fill;
  const alpha = parts[3] ?? 1;
  const solid = `#${parts
    .slice(0, 3)
    .map((c) => Math.round(c).toString(16).padStart(2, '0'))
    .join('')}`;
  return mix(below, solid, alpha);
}

const tokenOf = (name: ThemeName) => theme.getDesignToken(antdThemeOf(THEMES[name], THEMES[name].accent)) as Token;

describe('theme contrast (WCAG 2.1 AA), each of the eleven themes with its own accent', () => {
  const table: Record<string, Record<string, number>> = {};

  for (const name of THEME_NAMES) {
    it(`${name}: every text pair reads at 4.5 and the focus ring at 3`, () => {
      const token = tokenOf(name);
      const row: Record<string, number> = {};
      for (const pair of PAIRS) {
        const ratio = pair.ratio(token, name);
        row[pair.name] = Math.floor(ratio * 100) / 100;
        expect.soft(ratio, `${name}: ${pair.name}`).toBeGreaterThanOrEqual(pair.least);
      }
      table[name] = row;
      // Every preset colour a later screen may give a tag, not only the ones used today.
      for (const colour of PRESET_COLOURS) {
        expect
          .soft(contrast(token[`${colour}7`], token[`${colour}1`]), `${name}: ${colour} tag`)
          .toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('covers all eleven themes', () => {
    expect(THEME_NAMES).toHaveLength(11);
    // The figures of docs/decisions.md (rounded down, so never better than measured).
    console.table(table);
  });
});
