import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME_NAMES } from '../stores/preferences.ts';
import { coloursOf, contrast } from '../utils/colour.ts';
import { antdThemeOf, shellColours, THEMES } from './themes.ts';

/** The lowest contrast of `text` on a CSS background, over each of its colours (a gradient's stops). */
const worst = (text: string, background: string) => Math.min(...coloursOf(background).map((c) => contrast(text, c)));

/** Ant Design's own text colours, where a theme keeps them. */
const LIGHT_TEXT = 'rgba(255,255,255,0.65)';
const DARK_TEXT = 'rgba(0,0,0,0.88)';

describe('themes', () => {
  for (const name of THEME_NAMES) {
    const look = THEMES[name];
    // Its own accent, and colours a user may pick: a light yellow, a dark one, black.
    for (const primary of [look.accent, '#fadb14', '#613400', '#000000']) {
      it(`${name} with ${primary}: every text of the frame reads (WCAG AA)`, () => {
        const colours = shellColours(look, primary);
        expect(worst(look.headerText, look.headerBg), 'header').toBeGreaterThanOrEqual(4.5);
        const siderText = look.siderText ?? (look.siderDark ? LIGHT_TEXT : DARK_TEXT);
        expect(worst(siderText, look.siderBg), 'sidebar').toBeGreaterThanOrEqual(4.5);
        expect(contrast(colours.siderSelectedText, colours.siderSelectedBg), 'selected').toBeGreaterThanOrEqual(4.5);
        // The group holding the selected item takes its text colour on the bare sidebar.
        if (!look.siderDark || colours.siderSelectedText !== '#ffffff') {
          expect(worst(colours.siderSelectedText, look.siderBg), 'selected group').toBeGreaterThanOrEqual(4.5);
        }
        const tagsText = look.tagsText ?? (look.dark || look.tagsDark ? 'rgba(255,255,255,0.85)' : DARK_TEXT);
        expect(worst(tagsText, look.tagsBg), 'tabs').toBeGreaterThanOrEqual(4.5);
        const card = look.dark || look.tagsDark ? '#141414' : '#ffffff';
        expect(contrast(colours.activeTab, card), 'active tab').toBeGreaterThanOrEqual(4.5);
        for (const surface of look.dark ? ['#141414', '#1f1f1f'] : ['#ffffff']) {
          expect(contrast(colours.link, surface), 'link').toBeGreaterThanOrEqual(4.5);
        }
        expect(contrast(colours.onPrimary, colours.primaryFill), 'primary button').toBeGreaterThanOrEqual(4.5);
        for (const stop of coloursOf(look.headerBg)) {
          expect(contrast(colours.headerMark, stop), 'top menu mark').toBeGreaterThanOrEqual(3);
        }
      });
    }
  }

  it('keeps the selected item white on a dark sidebar where the accent allows, and tints it otherwise', () => {
    expect(shellColours(THEMES.default, '#1677ff')).toMatchObject({ siderSelectedText: '#ffffff' });
    const vip = shellColours(THEMES.vip, THEMES.vip.accent);
    expect(vip.siderSelectedText).not.toBe('#ffffff');
    expect(vip.siderSelectedBg).not.toBe(THEMES.vip.accent);
    expect(shellColours(THEMES.hey, THEMES.hey.accent).headerMark).toBe(THEMES.hey.headerText);
  });

  // Ant Design's tokens as its algorithm derives them from the theme's: what its components actually draw.
  for (const name of THEME_NAMES) {
    const look = THEMES[name];
    for (const primary of [look.accent, '#fadb14', '#613400', '#ff0000']) {
      it(`${name} with ${primary}: Ant Design's texts read at 4.5 and its focus ring at 3 (WCAG AA)`, () => {
        const token = theme.getDesignToken(antdThemeOf(look, primary));
        const colours = shellColours(look, primary);
        const cards = [token.colorBgContainer, token.colorBgElevated, token.colorBgLayout];
        const on = (text: string, surfaces: string[]) => Math.min(...surfaces.map((s) => contrast(text, s)));
        expect(contrast(colours.onPrimary, token.colorPrimary), 'primary button').toBeGreaterThanOrEqual(4.5);
        expect(on(token.colorTextDescription, cards), 'secondary text').toBeGreaterThanOrEqual(4.5);
        expect(on(token.colorTextTertiary, cards), 'tertiary text').toBeGreaterThanOrEqual(4.5);
        expect(on(token.colorTextPlaceholder, cards), 'placeholder').toBeGreaterThanOrEqual(4.5);
        expect(on(token.colorLink, cards), 'link').toBeGreaterThanOrEqual(4.5);
        for (const status of ['Success', 'Warning', 'Error', 'Info'] as const) {
          const text = token[`color${status}`];
          expect(on(text, [...cards, token[`color${status}Bg`]]), `${status} text and tag`).toBeGreaterThanOrEqual(4.5);
        }
        expect(on(token.colorPrimaryBorder, cards), 'focus ring').toBeGreaterThanOrEqual(3);
      });
    }
  }
});
