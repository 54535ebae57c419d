import type { Row } from '../api/crud.ts';

/** Each row's number: top rows from `offset` + 1 on, rows below a row from 1 among their siblings. */
export function rowNumbers(rows: Row[], offset: number, numbers = new Map<string, number>()): Map<string, number> {
  rows.forEach((row, i) => {
    numbers.set(row.id, offset + i + 1);
    if (Array.isArray(row.children)) rowNumbers(row.children as Row[], 0, numbers);
  });
  return numbers;
}
