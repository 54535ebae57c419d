import { useCallback, useState } from 'react';
import { useSession } from '../stores/session.ts';

/** The table's row spacing: antd's sizes, `middle` the lists' own. */
export type Density = 'large' | 'middle' | 'small';
export const DENSITIES: Density[] = ['large', 'middle', 'small'];

/** What a user sets on one list, kept in this browser. */
export interface TableSettings {
  /** Column keys in the user's order; columns not named keep their place after them. */
  order: string[];
  hidden: string[];
  /** Columns the user shows again that the list hides on a screen too narrow for them (columnsToHide). */
  shown: string[];
  density: Density;
  /** The search form shows its first row of fields only. */
  collapsed: boolean;
}

export const DEFAULT_SETTINGS: TableSettings = {
  order: [],
  hidden: [],
  shown: [],
  density: 'middle',
  collapsed: false,
};

/** The storage key of a user's settings of a screen's list. */
export function settingsKey(userId: string, screen: string): string {
  return `park.table.${userId}.${screen}`;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The stored settings, each part that is missing or malformed (an older version, a hand edit) at its default. */
export function readSettings(key: string): TableSettings {
  let stored: Partial<Record<keyof TableSettings, unknown>> = {};
  try {
    stored = JSON.parse(localStorage.getItem(key) ?? '{}') ?? {};
  } catch {
    // Unreadable: the defaults.
  }
  return {
    order: strings(stored.order),
    hidden: strings(stored.hidden),
    shown: strings(stored.shown),
    density: DENSITIES.includes(stored.density as Density) ? (stored.density as Density) : DEFAULT_SETTINGS.density,
    collapsed: stored.collapsed === true,
  };
}

export function writeSettings(key: string, settings: TableSettings) {
  try {
    localStorage.setItem(key, JSON.stringify(settings));
  } catch {
    // Storage full or refused (private mode): the settings hold for this visit only.
  }
}

/** The column keys in the user's order: the ordered ones that still exist, then the others in their own order. */
export function orderedKeys(keys: string[], order: string[]): string[] {
  const known = new Set(keys);
  const ordered = order.filter((key) => known.has(key));
  const placed = new Set(ordered);
  return [...ordered, ...keys.filter((key) => !placed.has(key))];
}

/**
 * The columns hidden: those the user hid, and those the screen is too narrow for (`narrow`, columnsToHide) unless
 * the user showed them again.
 */
export function hiddenKeys(settings: TableSettings, narrow: string[] = []): Set<string> {
  const shown = new Set(settings.shown);
  return new Set([...settings.hidden, ...narrow.filter((key) => !shown.has(key))]);
}

/** The columns to draw: in the user's order, without the hidden ones (hiddenKeys). */
export function arrangeColumns<C extends { key?: unknown }>(
  columns: C[],
  settings: TableSettings,
  narrow: string[] = [],
): C[] {
  const byKey = new Map(columns.map((column) => [String(column.key), column]));
  const hidden = hiddenKeys(settings, narrow);
  return orderedKeys([...byKey.keys()], settings.order)
    .filter((key) => !hidden.has(key))
    .map((key) => byKey.get(key) as C);
}

/**
 * A list's settings for the signed-in user (column order and visibility, density, the search form folded), kept in
 * localStorage under the user's id and the screen: another user of the browser has their own.
 */
export function useTableSettings(screen: string) {
  const userId = useSession((state) => state.user?.userId) ?? 'anonymous';
  const key = settingsKey(userId, screen);
  const [state, setState] = useState(() => ({ key, settings: readSettings(key) }));
  // Another user or screen in the same component: its own settings.
  const settings = state.key === key ? state.settings : readSettings(key);
  const update = useCallback(
    (change: Partial<TableSettings>) =>
      setState((before) => {
        const next = { ...(before.key === key ? before.settings : readSettings(key)), ...change };
        writeSettings(key, next);
        return { key, settings: next };
      }),
    [key],
  );
  return { settings, update };
}
