import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeName } from '../stores/preferences.ts';

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
  siderText?: string;
  headerBg: string;
  headerText: string;
  tagsBg: string;
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
    siderBg: 'linear-gradient(180deg, #6a11cb 0%, #2575fc 100%)',
    siderDark: true,
    headerBg: 'linear-gradient(90deg, #ff758c 0%, #ff7eb3 50%, #a18cd1 100%)',
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
    headerBg: '#ff4d6d',
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
    headerBg: '#3c8dbc',
    headerText: '#ffffff',
    tagsBg: '#ecf0f5',
    bodyBg: '#ecf0f5',
  },
};

/** Ant Design's configuration for a theme with the chosen primary colour. */
export function antdThemeOf(shell: ShellTheme, primary: string): ThemeConfig {
  const algorithm = [shell.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm];
  if (shell.compact) algorithm.push(antdTheme.compactAlgorithm);
  const siderMenu = shell.siderDark
    ? {
        darkItemBg: 'transparent',
        darkSubMenuItemBg: 'rgba(0,0,0,0.18)',
        darkItemSelectedBg: primary,
        ...(shell.siderText ? { darkItemColor: shell.siderText } : {}),
      }
    : { itemBg: 'transparent', subMenuItemBg: 'transparent' };
  return {
    algorithm,
    token: {
      colorPrimary: primary,
      colorLink: primary,
      borderRadius: shell.radius,
      ...(shell.fontFamily ? { fontFamily: shell.fontFamily } : {}),
    },
    components: {
      Layout: { siderBg: 'transparent', headerBg: 'transparent', bodyBg: 'transparent' },
      Menu: siderMenu,
    },
  };
}
