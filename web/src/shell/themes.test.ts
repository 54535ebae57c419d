import { describe, expect, it } from 'vitest';
import { THEME_NAMES } from '../stores/preferences.ts';
import { coloursOf, contrast } from '../utils/colour.ts';
import { shellColours, THEMES } from './themes.ts';

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
        expect(contrast(colours.onPrimary, primary), 'primary button').toBeGreaterThanOrEqual(3);
        if (colours.onPrimary !== '#ffffff') expect(contrast(colours.onPrimary, primary)).toBeGreaterThanOrEqual(4.5);
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
});
