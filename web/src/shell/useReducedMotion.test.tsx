import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './useReducedMotion.ts';

/** A system setting the test can change, as the browser's media query list reports it. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const setting = { reduce };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        media: query,
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && setting.reduce;
        },
        addEventListener: (_: string, l: () => void) => listeners.add(l),
        removeEventListener: (_: string, l: () => void) => listeners.delete(l),
      }) as unknown as MediaQueryList,
  );
  return {
    change(next: boolean) {
      setting.reduce = next;
      for (const l of listeners) l();
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('useReducedMotion', () => {
  it('follows the system setting, also when it changes', () => {
    const system = systemSetting(false);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => system.change(true));
    expect(result.current).toBe(true);
  });
});
