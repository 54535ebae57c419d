import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeName } from '../stores/preferences.ts';
import { coloursOf, contrast, fillUnderWhite, mix, parseColour, readableOn, toHex, WHITE } from '../utils/colour.ts';

/**
 * The 11 themes of the spec. Each is a whole look: Ant Design's algorithm and tokens (corners,
 * density, surfaces) plus the layout's own colours (sidebar, header, tags bar, page background).
 * `accent` is the primary colour the theme starts with; the colour picker can change it.
 */
export interface ShellTheme {
  accent: string;
  dark: boolean;
  compact?: boolean;
  radius: number;
  /** CSS backgrounds, so a theme may use a gradient. */
  siderBg: string;
  /** Whether the sidebar menu draws light text on a dark sidebar. */
  siderDark: boolean;
  /** The sidebar's menu text; Ant Design's own when unset. */
  siderText?: string;
  headerBg: string;
  headerText: string;
  tagsBg: string;
  /** A dark tags bar is drawn with Ant Design's dark algorithm, whatever the rest of the page uses. */
  tagsDark?: boolean;
  /** The inactive tabs' labels; Ant Design's text colour when unset. */
  tagsText?: string;
  bodyBg: string;
  fontFamily?: string;
}

export const THEMES: Record<ThemeName, ShellTheme> = {
  default: {
    accent: '#1677ff',
    dark: false,
    radius: 6,
    siderBg: '#001529',
    siderDark: true,
    headerBg: '#ffffff',
    headerText: 'rgba(0,0,0,0.88)',
    tagsBg: '#ffffff',
    bodyBg: '#f0f2f5',
  },
  white: {
    accent: '#1677ff',
    dark: false,
    radius: 4,
    siderBg: '#ffffff',
    siderDark: false,
    headerBg: '#ffffff',
    headerText: 'rgba(0,0,0,0.88)',
    tagsBg: '#fafafa',
    bodyBg: '#ffffff',
  },
  dark: {
    accent: '#1668dc',
    dark: true,
    radius: 6,
    siderBg: '#141414',
    siderDark: true,
    headerBg: '#1f1f1f',
    headerText: 'rgba(255,255,255,0.85)',
    tagsBg: '#1f1f1f',
    bodyBg: '#000000',
  },
  colourful: {
    accent: '#722ed1',
    dark: false,
    radius: 10,
    siderBg: 'linear-gradient(180deg, #4a148c 0%, #283593 100%)',
    siderDark: true,
    siderText: '#e5dcff',
    headerBg: 'linear-gradient(90deg, #c2185b 0%, #8e24aa 50%, #5e35b1 100%)',
    headerText: '#ffffff',
    tagsBg: '#f9f0ff',
    bodyBg: '#f5f0ff',
  },
  smart: {
    accent: '#13c2c2',
    dark: false,
    compact: true,
    radius: 2,
    siderBg: '#0b3b3c',
    siderDark: true,
    headerBg: '#e6fffb',
    headerText: '#00474f',
    tagsBg: '#ffffff',
    bodyBg: '#f0f5f5',
  },
  iview: {
    accent: '#2d8cf0',
    dark: false,
    radius: 4,
    siderBg: '#515a6e',
    siderDark: true,
    siderText: '#e8eaec',
    headerBg: '#ffffff',
    headerText: '#515a6e',
    tagsBg: '#f5f7f9',
    bodyBg: '#f5f7f9',
  },
  vip: {
    accent: '#d4a017',
    dark: false,
    radius: 2,
    siderBg: '#1c1c1c',
    siderDark: true,
    siderText: '#e8c872',
    headerBg: '#1c1c1c',
    headerText: '#e8c872',
    tagsBg: '#2a2a2a',
    tagsDark: true,
    tagsText: '#e8c872',
    bodyBg: '#f7f3e8',
    fontFamily: 'Georgia, "Songti SC", serif',
  },
  cool: {
    accent: '#00b0ff',
    dark: true,
    radius: 8,
    siderBg: 'linear-gradient(180deg, #0f2027 0%, #203a43 50%, #2c5364 100%)',
    siderDark: true,
    headerBg: '#0f2a4a',
    headerText: '#e6f7ff',
    tagsBg: '#102a43',
    bodyBg: '#0b1a2b',
  },
  d2: {
    accent: '#2f74ff',
    dark: false,
    radius: 4,
    siderBg: '#ebf1f6',
    siderDark: false,
    headerBg: '#ebf1f6',
    headerText: '#2f4050',
    tagsBg: '#ebf1f6',
    bodyBg: 'linear-gradient(135deg, #ebf1f6 0%, #d7e3ee 100%)',
  },
  hey: {
    accent: '#ff4d6d',
    dark: false,
    radius: 16,
    siderBg: '#ffffff',
    siderDark: false,
    headerBg: 'linear-gradient(90deg, #d6204b 0%, #c2185b 100%)',
    headerText: '#ffffff',
    tagsBg: '#fff0f3',
    bodyBg: '#fff7f9',
    fontFamily: '"Trebuchet MS", "PingFang SC", sans-serif',
  },
  lte: {
    accent: '#3c8dbc',
    dark: false,
    radius: 0,
    siderBg: '#222d32',
    siderDark: true,
    headerBg: '#31709e',
    headerText: '#ffffff',
    tagsBg: '#ecf0f5',
    bodyBg: '#ecf0f5',
  },
};

/** The colours a theme derives from the primary colour, shaded so that text on them stays readable. */
export interface ShellColours {
  /** The sidebar's selected item: its fill and text (also the text of the group holding it). */
  siderSelectedBg: string;
  siderSelectedText: string;
  /** The collapsed sidebar's flyout menus. */
  siderPopupBg: string;
  /** The active tab's label, on the active card. */
  activeTab: string;
  /** The mark under the picked top menu: the primary colour, or the header's text where it would not show. */
  headerMark: string;
  /** Text on primary buttons (and other primary fills): white where it reads at 4.5, else dark (gold, cyan). */
  onPrimary: string;
  /**
   * The primary colour Ant Design is given (its seed): the accent, darkened a little where that lets white
   * text on it read at 4.5 (the default blue); under the dark algorithm, the seed whose derived fill does so.
   */
  primarySeed: string;
  /** The primary fill as drawn: the seed as Ant Design's algorithm derives it. */
  primaryFill: string;
  /** Links and link buttons (a table's row actions, a popover's actions): the accent, shaded to read on the page's cards. */
  link: string;
}

/** Ant Design's container colour under its dark algorithm: the active tab's card in a dark tags bar, and ink. */
const DARK_CARD = '#141414';
const DARK_POPUP = '#1f1f1f';

/**
 * What text and marks sit on under each algorithm: the container, the table header and filled
 * controls, the page's layout grey; under the dark one also the elevated surface (popups, dialogs).
 */
const LIGHT_SURFACES = [WHITE, '#fafafa', '#f5f5f5'];
const DARK_SURFACES = [DARK_CARD, DARK_POPUP, '#1d1d1d', '#000000'];

/**
 * Under the dark algorithm Ant Design draws a colour seed as 85 % of it over #141414 (its palette's 6th
 * shade): the seed that comes out as `colour`, as near as the sRGB cube allows.
 */
function darkSeedOf(colour: string): string {
  const [bg, target] = [parseColour(DARK_CARD), parseColour(colour)];
  return toHex([0, 1, 2].map((i) => Math.min(255, Math.max(0, (target[i] - 0.15 * bg[i]) / 0.85))).concat(1) as never);
}

/** How a seed is drawn: itself under the default algorithm, 85 % over #141414 under the dark one. */
function drawn(seed: string, dark: boolean): string {
  return dark ? mix(seed, DARK_CARD, 0.15) : seed;
}

/**
 * A table's selected row, and the same hovered: a tint of the primary fill, which the row's links, danger
 * links and grey text are shaded to read on too (antd's own tint took the default blue's links below 4.5).
 */
export function selectedRowsOf(fill: string, dark: boolean): [string, string] {
  return dark
    ? [mix(fill, DARK_CARD, 0.8), mix(fill, DARK_CARD, 0.72)]
    : [mix(fill, WHITE, 0.92), mix(fill, WHITE, 0.86)];
}

/** The seed drawn as the nearest shade of `colour` that reads (4.5, or `ratio`) on every one of `surfaces`. */
function readableSeed(colour: string, dark: boolean, surfaces: string[], ratio?: number): string {
  const shade = readableOn(drawn(colour, dark), surfaces, ratio);
  if (!dark) return shade;
  // The inverse of the mix rounds: step on until the drawn colour reads.
  for (let step = 0; step <= 20; step++) {
    const seed = darkSeedOf(mix(shade, WHITE, step / 100));
    if (surfaces.every((surface) => contrast(drawn(seed, true), surface) >= (ratio ?? 4.5))) return seed;
  }
  return WHITE;
}

/**
 * The primary seed and the text on its fill: white where the accent, darkened at most a quarter, carries
 * it at 4.5 (WCAG AA for text; the button's label is normal-sized text); else the accent with dark text.
 */
function primaryOf(primary: string, dark: boolean): { seed: string; fill: string; on: string } {
  for (let step = 0; step <= 25; step++) {
    const seed = mix(primary, '#000000', step / 100);
    if (contrast(WHITE, drawn(seed, dark)) >= 4.5) return { seed, fill: drawn(seed, dark), on: WHITE };
  }
  const fill = drawn(primary, dark);
  return { seed: primary, fill, on: contrast(DARK_CARD, fill) >= 4.5 ? DARK_CARD : '#000000' };
}

export function shellColours(shell: ShellTheme, primary: string): ShellColours {
  const sider = coloursOf(shell.siderBg);
  // White on the accent where it reads; otherwise a tint of the accent carrying the accent as text.
  const fill = shell.siderDark ? fillUnderWhite(primary) : undefined;
  const tint = mix(primary, sider[0], shell.siderDark ? 0.8 : 0.88);
  const header = coloursOf(shell.headerBg);
  const card = shell.dark || shell.tagsDark ? DARK_CARD : WHITE;
  const filled = primaryOf(primary, shell.dark);
  const rows = selectedRowsOf(filled.fill, shell.dark);
  return {
    siderSelectedBg: fill ?? tint,
    siderSelectedText: fill ? WHITE : readableOn(primary, [tint, ...sider]),
    siderPopupBg: sider[0],
    activeTab: readableOn(primary, [card]),
    // A mark needs 3:1 against what is next to it (WCAG 1.4.11), not the 4.5 of text.
    headerMark: header.every((c) => contrast(primary, c) >= 3) ? primary : shell.headerText,
    onPrimary: filled.on,
    primarySeed: filled.seed,
    primaryFill: filled.fill,
    // On cards and on popups (elevated, a shade lighter under the dark algorithm).
    link: readableOn(primary, [...(shell.dark ? [DARK_CARD, DARK_POPUP] : LIGHT_SURFACES), ...rows]),
  };
}

/** Ant Design's preset colours (its `PresetColors`): a `<Tag color="cyan">` draws the 7th shade on the 1st. */
export const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/** The preset palettes under each algorithm: they do not depend on the primary colour, so they are read once. */
const presetPalettes: Partial<Record<'light' | 'dark', Record<string, string>>> = {};
function presetPalette(dark: boolean): Record<string, string> {
  const key = dark ? 'dark' : 'light';
  presetPalettes[key] ??= antdTheme.getDesignToken({ algorithm: algorithmOf(dark) }) as unknown as Record<
    string,
    string
  >;
  return presetPalettes[key];
}

/**
 * A preset tag's text (the 7th shade) shaded until it reads on its own tint (the 1st) and on the cards:
 * Ant Design's cyan-7 on cyan-1 is 3.4:1. Map tokens, taken as given.
 */
function readablePresets(dark: boolean, surfaces: string[]): Record<string, string> {
  const palette = presetPalette(dark);
  return Object.fromEntries(
    PRESET_COLOURS.map((colour) => [
      `${colour}7`,
      readableOn(palette[`${colour}7`], [palette[`${colour}1`], ...surfaces]),
    ]),
  );
}

/** Ant Design's status colours, whose texts (tags, form errors, danger links) are shaded to read. */
const STATUS_SEEDS = { colorSuccess: '#52c41a', colorWarning: '#faad14', colorError: '#ff4d4f' } as const;

/**
 * The colour tokens that keep every text of Ant Design's components at WCAG AA (4.5) on its surfaces under
 * one algorithm, and the focus ring at 3:1 (WCAG 1.4.11): grey secondary text and placeholders as a darker
 * (lighter) ink, status colours (tags, danger buttons and links, form errors) shaded on their own tinted
 * backgrounds, the info colour from the accent, and the ring (`colorPrimaryBorder`) the accent shaded to 3:1.
 */
export function readableTokens(primary: string, dark: boolean) {
  const filled = primaryOf(primary, dark);
  const rows = selectedRowsOf(filled.fill, dark);
  const surfaces = [...(dark ? DARK_SURFACES : LIGHT_SURFACES), ...rows];
  // Secondary, tertiary and placeholder text: Ant Design's ink at the least opacity that reads (0.45 and 0.25 do not).
  const ink = dark ? '255,255,255' : '0,0,0';
  let alpha = 45;
  while (alpha < 100 && !surfaces.every((s) => contrast(`rgba(${ink},${alpha / 100})`, s) >= 4.5)) alpha++;
  const grey = `rgba(${ink},${alpha / 100})`;
  // A status colour's tag is its text on its own tint. Ant Design derives the tint from the seed, and a
  // darkened seed would darken it too: under the default algorithm the tints are kept those of the
  // colour before shading (mapped as given); under the dark one they are dark whatever the seed.
  const status = (name: 'Success' | 'Warning' | 'Error' | 'Info', colour: string) => {
    const bg = dark ? mix(colour, DARK_CARD, 0.85) : mix(colour, WHITE, 0.9);
    const tints = dark ? {} : { [`color${name}Bg`]: bg, [`color${name}Border`]: mix(colour, WHITE, 0.6) };
    return { [`color${name}`]: readableSeed(colour, dark, [...surfaces, bg]), ...tints };
  };
  return {
    colorPrimary: filled.seed,
    colorTextDescription: grey,
    colorTextTertiary: grey,
    colorTextPlaceholder: grey,
    ...status('Success', STATUS_SEEDS.colorSuccess),
    ...status('Warning', STATUS_SEEDS.colorWarning),
    ...status('Error', STATUS_SEEDS.colorError),
    ...status('Info', primary),
    colorLink: readableSeed(primary, dark, [...(dark ? [DARK_CARD, DARK_POPUP] : LIGHT_SURFACES), ...rows]),
    // Map tokens, taken as given: the focus outline of buttons, tabs, checkboxes (Ant Design's is a pale tint).
    colorPrimaryBorder: readableOn(filled.fill, surfaces, 3),
    ...readablePresets(dark, surfaces),
  };
}

function algorithmOf(dark: boolean, compact = false): ThemeConfig['algorithm'] {
  const algorithm = [dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm];
  if (compact) algorithm.push(antdTheme.compactAlgorithm);
  return algorithm;
}

/** Ant Design's configuration for a theme with the chosen primary colour. */
export function antdThemeOf(shell: ShellTheme, primary: string): ThemeConfig {
  const colours = shellColours(shell, primary);
  const readable = readableTokens(primary, shell.dark);
  const [rowSelectedBg, rowSelectedHoverBg] = selectedRowsOf(colours.primaryFill, shell.dark);
  const siderMenu = shell.siderDark
    ? {
        darkItemBg: 'transparent',
        darkSubMenuItemBg: 'rgba(0,0,0,0.18)',
        darkPopupBg: colours.siderPopupBg,
        darkItemSelectedBg: colours.siderSelectedBg,
        darkItemSelectedColor: colours.siderSelectedText,
        ...(shell.siderText ? { darkItemColor: shell.siderText } : {}),
      }
    : {
        itemBg: 'transparent',
        subMenuItemBg: 'transparent',
        itemSelectedBg: colours.siderSelectedBg,
        itemSelectedColor: colours.siderSelectedText,
        subMenuItemSelectedColor: colours.siderSelectedText,
        ...(shell.siderText ? { itemColor: shell.siderText } : {}),
      };
  // Hovered and pressed, a primary button and a link move away from their text's side (darker under white
  // text and on light cards, lighter on dark ones), never towards it: Ant Design's lighter hover shade put
  // white text on a fill below 4.5:1.
  const fillShade = (amount: number) =>
    mix(
      readable.colorPrimary,
      // Light text (it reads better on black than on white) asks for a darker fill.
      contrast(colours.onPrimary, '#000000') > contrast(colours.onPrimary, WHITE) ? '#000000' : WHITE,
      amount,
    );
  const linkShade = (amount: number) => mix(colours.link, shell.dark ? WHITE : '#000000', amount);
  const pointed = {
    colorPrimaryHover: fillShade(0.14),
    colorPrimaryActive: fillShade(0.26),
    colorLinkHover: linkShade(0.2),
    colorLinkActive: linkShade(0.32),
  };
  return {
    algorithm: algorithmOf(shell.dark, shell.compact),
    token: {
      ...readable,
      ...pointed,
      borderRadius: shell.radius,
      ...(shell.fontFamily ? { fontFamily: shell.fontFamily } : {}),
    },
    components: {
      Layout: { siderBg: 'transparent', headerBg: 'transparent', bodyBg: 'transparent' },
      Menu: siderMenu,
      // Every tab bar's selected label, the tags bar's included, reads on its card.
      Tabs: { itemSelectedColor: colours.activeTab },
      // Also per component: Ant Design's dark algorithm would shade the link seed again, below 4.5.
      Button: { primaryColor: colours.onPrimary, colorLink: colours.link, ...pointed },
      Typography: {
        colorLink: colours.link,
        colorLinkHover: pointed.colorLinkHover,
        colorLinkActive: pointed.colorLinkActive,
      },
      // The selected row's tint the tokens were shaded for; an empty table's text (antd draws it in the
      // disabled grey, 2.5:1) in the readable grey.
      Table: { rowSelectedBg, rowSelectedHoverBg, colorTextDisabled: readable.colorTextDescription },
    },
  };
}

/** The tags bar's own configuration inside the app's: dark where the theme's bar is, its labels in its colour. */
export function tagsThemeOf(shell: ShellTheme, primary: string): ThemeConfig {
  return {
    // A dark bar takes the dark algorithm's readable tokens too, not the light page's.
    ...(shell.tagsDark ? { algorithm: algorithmOf(true, shell.compact), token: readableTokens(primary, true) } : {}),
    components: {
      Tabs: {
        itemSelectedColor: shellColours(shell, primary).activeTab,
        ...(shell.tagsText ? { itemColor: shell.tagsText } : {}),
      },
      ...(shell.tagsText ? { Button: { textTextColor: shell.tagsText } } : {}),
    },
  };
}
