import { type CockpitLayout, checkCockpitLayout, DEFAULT_COCKPIT_LAYOUT } from '@park/catalog';
import { describe, expect, it } from 'vitest';
import {
  addWidget,
  fits,
  fromGrid,
  moveItem,
  parseConfigure,
  removeItem,
  resizeItem,
  rowsOf,
  setItemProps,
} from './layoutEdit.ts';

const at = (layout: CockpitLayout | undefined, i: string) => layout?.items.find((item) => item.i === i);
/** Every layout the editing gives must pass the server's own check. */
const valid = (layout: CockpitLayout | undefined) => {
  expect(layout).toBeDefined();
  expect(checkCockpitLayout(JSON.parse(JSON.stringify(layout))).error).toBeUndefined();
  return layout as CockpitLayout;
};

describe('cockpit layout editing', () => {
  it('reads a saved configureJson as the server checks it, the default when there is none or it is broken', () => {
    expect(parseConfigure(null)).toEqual({ layout: DEFAULT_COCKPIT_LAYOUT, broken: false });
    expect(parseConfigure(JSON.stringify(DEFAULT_COCKPIT_LAYOUT)).layout).toEqual(DEFAULT_COCKPIT_LAYOUT);
    expect(parseConfigure('{not json').broken).toBe(true);
    const overlapping = {
      ...DEFAULT_COCKPIT_LAYOUT,
      items: [...DEFAULT_COCKPIT_LAYOUT.items, { ...DEFAULT_COCKPIT_LAYOUT.items[1], i: 'again' }],
    };
    expect(parseConfigure(JSON.stringify(overlapping))).toEqual({ layout: DEFAULT_COCKPIT_LAYOUT, broken: true });
  });

  it('adds a widget at its registry size in the first place it fits, with a key of its own', () => {
    // The default fills 24 rows: a new rank goes below, at the left.
    const added = valid(addWidget(DEFAULT_COCKPIT_LAYOUT, 'rank-staff'));
    expect(at(added, 'rank-staff')).toEqual({
      i: 'rank-staff',
      widget: 'rank-staff',
      x: 0,
      y: 24,
      w: 8,
      h: 10,
      props: {},
    });
    const twice = valid(addWidget(added, 'rank-staff'));
    expect(at(twice, 'rank-staff-2')).toMatchObject({ x: 8, y: 24 });
    // A hole left by a removed panel is filled first.
    const holed = removeItem(DEFAULT_COCKPIT_LAYOUT, 'scale');
    expect(holed.items.map((item) => item.i)).not.toContain('scale');
    expect(at(valid(addWidget(holed, 'ip-type')), 'ip-type')).toMatchObject({ x: 0, y: 14, w: 8, h: 10 });
    expect(addWidget(DEFAULT_COCKPIT_LAYOUT, 'no-such-widget')).toBeUndefined();
  });

  it('refuses an add when the grid has no room', () => {
    const full: CockpitLayout = {
      ...DEFAULT_COCKPIT_LAYOUT,
      items: Array.from({ length: 20 }, (_, n) => ({
        i: `t${n}`,
        widget: 'total',
        x: 0,
        y: n * 10,
        w: 24,
        h: 10,
        props: {},
      })),
    };
    expect(rowsOf(full)).toBe(200);
    expect(addWidget(full, 'total')).toBeUndefined();
  });

  it('moves and resizes by whole cells, never outside the grid, below the smallest size or over another panel', () => {
    const layout = removeItem(DEFAULT_COCKPIT_LAYOUT, 'scale');
    // 'industry' (0,4 8×10) may go down into the hole below it, one row at a time.
    expect(at(valid(moveItem(layout, 'industry', 0, 1)), 'industry')).toMatchObject({ x: 0, y: 5 });
    expect(moveItem(layout, 'industry', -1, 0)).toBeUndefined();
    expect(moveItem(layout, 'industry', 1, 0)).toBeUndefined();
    expect(moveItem(layout, 'total', 0, -1)).toBeUndefined();
    // 'ip' (8,14) moves left into the hole.
    expect(at(valid(moveItem(layout, 'ip', -8, 0)), 'ip')).toMatchObject({ x: 0, y: 14 });
    expect(at(valid(resizeItem(layout, 'industry', 0, 5)), 'industry')).toMatchObject({ w: 8, h: 15 });
    expect(resizeItem(layout, 'industry', 1, 0)).toBeUndefined();
    // rank-enterprise is at least 4×6.
    expect(at(valid(resizeItem(layout, 'rank', -4, -4)), 'rank')).toMatchObject({ w: 4, h: 6 });
    expect(resizeItem(layout, 'rank', -5, 0)).toBeUndefined();
    expect(fits(layout, { ...layout.items[0], w: 25 })).toBe(false);
  });

  it('keeps a panel’s settings without blanks', () => {
    const set = valid(setItemProps(DEFAULT_COCKPIT_LAYOUT, 'rank', { category: 'tax', limit: 5, year: undefined }));
    expect(at(set, 'rank')?.props).toEqual({ category: 'tax', limit: 5 });
    expect(at(setItemProps(set, 'rank', { category: '', limit: null }), 'rank')?.props).toEqual({});
  });

  it('takes the grid’s positions after a drag, and is left as it was by the grid’s echo', () => {
    const grid = DEFAULT_COCKPIT_LAYOUT.items.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
    expect(fromGrid(DEFAULT_COCKPIT_LAYOUT, grid)).toBe(DEFAULT_COCKPIT_LAYOUT);
    const dragged = grid.map((cell) =>
      cell.i === 'certificate' ? { ...cell, y: 24 } : cell.i === 'scale' ? { ...cell, x: 16 } : cell,
    );
    const next = valid(fromGrid(DEFAULT_COCKPIT_LAYOUT, dragged));
    expect(at(next, 'scale')).toMatchObject({ x: 16, y: 14, widget: 'enterprise-scale' });
    expect(at(next, 'certificate')).toMatchObject({ x: 16, y: 24 });
    expect(at(next, 'rank')?.props).toEqual(at(DEFAULT_COCKPIT_LAYOUT, 'rank')?.props);
  });
});
