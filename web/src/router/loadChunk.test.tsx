import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkFailed, loadChunk } from './loadChunk.tsx';

function Screen() {
  return null;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('gives the screen when its code arrives', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: Screen }))).resolves.toEqual({ default: Screen });
  });

  it('gives the reload message when the code fails to load', async () => {
    const loaded = await loadChunk<object>(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    expect(loaded.default).toBe(ChunkFailed);
  });

  it('waits 120 s for code that does not arrive, then gives the reload message', async () => {
    vi.useFakeTimers();
    let settled = false;
    const loading = loadChunk(() => new Promise<{ default: typeof Screen }>(() => undefined)).then((m) => {
      settled = true;
      return m;
    });
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await loading).default).toBe(ChunkFailed);
  });
});
