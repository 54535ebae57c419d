import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { usePaging } from './usePaging.ts';

describe('usePaging', () => {
  beforeEach(() => setLang('zh'));

  it('starts on the first page at the smallest size and offers the sizes with the total in words', () => {
    const { result } = renderHook(() => usePaging([10, 20, 30, 50]));
    expect(result.current.paging).toEqual({ current: 1, size: 10 });
    const pagination = result.current.pagination(42);
    expect(pagination).toMatchObject({ current: 1, pageSize: 10, total: 42, pageSizeOptions: [10, 20, 30, 50] });
    expect(pagination.showTotal?.(42, [1, 10])).toBe('共 42 条');
  });

  it("follows the pagination's changes, and a new search goes back to the first page at the same size", () => {
    const { result } = renderHook(() => usePaging([10, 30]));
    act(() => result.current.pagination(100).onChange?.(3, 30));
    expect(result.current.paging).toEqual({ current: 3, size: 30 });
    expect(result.current.pagination(100)).toMatchObject({ current: 3, pageSize: 30 });
    act(() => result.current.toFirstPage());
    expect(result.current.paging).toEqual({ current: 1, size: 30 });
  });
});
