import { type RefObject, useLayoutEffect, useState } from 'react';
import { columnsToHide, type PlannedColumn } from './columns.tsx';

/** Columns of antd's table that stay in place (the selection's, the actions'): the data columns share the rest. */
const FIXED =
  '.ant-table-thead > tr:first-child > th[class*="-fix-start"], .ant-table-thead > tr:first-child > th[class*="-fix-end"]';
/** Pixels spare for what the estimates miss (a dictionary label longer than usual, a wider font). */
const SPARE = 24;

/** The width (px) the data columns may take in the table drawn in `box`: its own width less the fixed columns'. */
export function roomIn(box: HTMLElement, reserved: number): number {
  const fixed = Array.from(box.querySelectorAll<HTMLElement>(FIXED)).reduce(
    (sum, cell) => sum + cell.getBoundingClientRect().width,
    0,
  );
  return Math.floor(box.clientWidth - fixed - reserved - SPARE);
}

/**
 * The keys of the columns that the table in `box` has no room for (columnsToHide), measured again whenever the box
 * or its fixed columns change size. `reserved` is the width of columns the plan does not hold besides the fixed ones (the index);
 * `extra` what each column takes beyond its planned width (the roomier density's padding). A box not on screen
 * (a list in a tab kept in the background) keeps what it had.
 */
export function useNarrowColumns(
  box: RefObject<HTMLElement | null>,
  plan: PlannedColumn[],
  { reserved = 0, extra = 0 }: { reserved?: number; extra?: number } = {},
): string[] {
  const [room, setRoom] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    // The box changes size with the window and as rows load (its height), the fixed cells as their buttons come.
    const observer = new ResizeObserver(() => measure());
    const measure = () => {
      if (element.clientWidth === 0) return;
      for (const cell of Array.from(element.querySelectorAll(FIXED))) observer.observe(cell);
      setRoom(roomIn(element, reserved));
    };
    measure();
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, reserved]);
  if (room === null) return [];
  return columnsToHide(
    plan.map((column) => ({ ...column, width: column.width + extra })),
    room,
  );
}
