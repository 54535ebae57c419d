import {
  COCKPIT_GRID,
  COCKPIT_WIDGETS,
  type CockpitItem,
  type CockpitLayout,
  checkCockpitLayout,
  DEFAULT_COCKPIT_LAYOUT,
} from '@park/catalog';

/**
 * 驾驶舱's layout editing as plain functions over the layout the server keeps (catalog CockpitLayout): what a saved
 * `configureJson` reads as, where an added panel goes, moving and resizing by the keyboard, and the grid's
 * positions after a drag. Each change that would break the server's check (outside the grid, below a widget's
 * smallest size, over another panel) gives `undefined` and leaves the layout as it was.
 */

/** The layout a saved `configureJson` holds, checked as the server checks it; the default when it cannot be read. */
export function parseConfigure(json: string | null | undefined): { layout: CockpitLayout; broken: boolean } {
  if (!json) return { layout: DEFAULT_COCKPIT_LAYOUT, broken: false };
  try {
    const checked = checkCockpitLayout(JSON.parse(json));
    if (checked.layout) return { layout: checked.layout, broken: false };
  } catch {
    // Not JSON: shown as the default, and said.
  }
  return { layout: DEFAULT_COCKPIT_LAYOUT, broken: true };
}

type Box = Pick<CockpitItem, 'x' | 'y' | 'w' | 'h'>;

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Whether `item` may stand in `layout` (beside the items other than itself). */
export function fits(layout: CockpitLayout, item: CockpitItem): boolean {
  const def = COCKPIT_WIDGETS[item.widget];
  if (!def || item.w < def.minW || item.h < def.minH) return false;
  if (item.x < 0 || item.y < 0 || item.x + item.w > layout.cols || item.y + item.h > COCKPIT_GRID.rows) return false;
  return layout.items.every((other) => other.i === item.i || !overlaps(other, item));
}

/** How many rows the layout's items reach down to. */
export const rowsOf = (layout: CockpitLayout) => Math.max(0, ...layout.items.map((item) => item.y + item.h));

/** A key for a new panel of `widget`: the widget's name, numbered when taken. */
function freshKey(layout: CockpitLayout, widget: string): string {
  const taken = new Set(layout.items.map((item) => item.i));
  if (!taken.has(widget)) return widget;
  let n = 2;
  while (taken.has(`${widget}-${n}`)) n += 1;
  return `${widget}-${n}`;
}

/**
 * A panel of `widget` added at its registry size in the first place it fits, row by row from the top left, with no
 * settings (the server's defaults); undefined when there is no room or the layout is full.
 */
export function addWidget(layout: CockpitLayout, widget: string): CockpitLayout | undefined {
  const def = COCKPIT_WIDGETS[widget];
  if (!def || layout.items.length >= COCKPIT_GRID.items) return undefined;
  const w = Math.min(def.w, layout.cols);
  const item: CockpitItem = { i: freshKey(layout, widget), widget, x: 0, y: 0, w, h: def.h, props: {} };
  for (let y = 0; y + item.h <= COCKPIT_GRID.rows; y += 1) {
    for (let x = 0; x + item.w <= layout.cols; x += 1) {
      const placed = { ...item, x, y };
      if (fits(layout, placed)) return { ...layout, items: [...layout.items, placed] };
    }
  }
  return undefined;
}

export const removeItem = (layout: CockpitLayout, i: string): CockpitLayout => ({
  ...layout,
  items: layout.items.filter((item) => item.i !== i),
});

function change(layout: CockpitLayout, i: string, to: (item: CockpitItem) => CockpitItem): CockpitLayout | undefined {
  const item = layout.items.find((one) => one.i === i);
  if (!item) return undefined;
  const next = to(item);
  if (!fits(layout, next)) return undefined;
  return { ...layout, items: layout.items.map((one) => (one.i === i ? next : one)) };
}

/** The panel moved by whole cells (the keyboard's arrows). */
export const moveItem = (layout: CockpitLayout, i: string, dx: number, dy: number) =>
  change(layout, i, (item) => ({ ...item, x: item.x + dx, y: item.y + dy }));

/** The panel grown or shrunk by whole cells from its top left corner (Shift and the arrows). */
export const resizeItem = (layout: CockpitLayout, i: string, dw: number, dh: number) =>
  change(layout, i, (item) => ({ ...item, w: item.w + dw, h: item.h + dh }));

/** The panel's settings, blanks left out (the server's default then applies). */
export function setItemProps(layout: CockpitLayout, i: string, props: Record<string, unknown>): CockpitLayout {
  const kept = Object.fromEntries(
    Object.entries(props).filter(
      (entry): entry is [string, string | number] =>
        (typeof entry[1] === 'string' && entry[1] !== '') || typeof entry[1] === 'number',
    ),
  );
  return { ...layout, items: layout.items.map((item) => (item.i === i ? { ...item, props: kept } : item)) };
}

/**
 * The layout with the grid's positions and sizes after a drag or a resize (react-grid-layout's onLayoutChange);
 * the same object when nothing moved, so that the grid's echo of a layout changes nothing.
 */
export function fromGrid(layout: CockpitLayout, grid: readonly (Box & { i: string })[]): CockpitLayout {
  const at = new Map(grid.map((cell) => [cell.i, cell]));
  let moved = false;
  const items = layout.items.map((item) => {
    const cell = at.get(item.i);
    if (!cell || (cell.x === item.x && cell.y === item.y && cell.w === item.w && cell.h === item.h)) return item;
    moved = true;
    return { ...item, x: cell.x, y: cell.y, w: cell.w, h: cell.h };
  });
  return moved ? { ...layout, items } : layout;
}
