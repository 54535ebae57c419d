import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { useDictionary } from './useDictionary.ts';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useDictionary', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setLang('zh');
  });

  it('warns on the console when asked without a dictionary code, and fetches nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const { result, rerender } = renderHook(({ code }) => useDictionary(code), {
      wrapper,
      initialProps: { code: undefined as string | undefined },
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/without a dictionary code/);
    // Once per component, not on every render.
    rerender({ code: undefined });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads the named dictionary without a word on the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 200, success: true, data: [{ dictKey: '1', dictValue: '男' }] }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { result } = renderHook(() => useDictionary('sex'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([{ dictKey: '1', dictValue: '男' }]));
    expect(String(fetchMock.mock.calls[0][0])).toContain('blade-system/dict/dictionary?code=sex');
    expect(warn).not.toHaveBeenCalled();
  });

  it('asks again in English when the language changes, as the server answers the labels in it', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      const english = new Headers(init?.headers).get('Accept-Language')?.startsWith('en');
      const entry = { dictKey: '1', dictValue: english ? 'In the park' : '在园' };
      return new Response(JSON.stringify({ code: 200, success: true, data: [entry] }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const { result } = renderHook(() => useDictionary('enterprise_status'), { wrapper });
    await waitFor(() => expect(result.current.data?.[0].dictValue).toBe('在园'));
    act(() => setLang('en'));
    await waitFor(() => expect(result.current.data?.[0].dictValue).toBe('In the park'));
  });
});
