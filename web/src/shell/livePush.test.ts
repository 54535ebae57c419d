import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../stores/session.ts';
import { CHECK_MS, isLive, laterId, retryDelay, sawMessage, startLivePush } from './livePush.ts';

describe('live push', () => {
  it('backs off exponentially from 1 s to 30 s, with half of each wait random', () => {
    expect([0, 1, 2, 3, 4].map((n) => retryDelay(n, 1))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelay(5, 1)).toBe(30_000);
    expect(retryDelay(50, 1)).toBe(30_000);
    expect(retryDelay(0, 0)).toBe(500);
    expect(retryDelay(3, 0.5)).toBe(6000);
  });

  it('remembers the newest message id, comparing snowflakes as numbers', () => {
    expect(laterId(undefined, '5')).toBe('5');
    expect(laterId('5', undefined)).toBe('5');
    expect(laterId('99', '100')).toBe('100');
    expect(laterId('2011000000000000001', '2011000000000000000')).toBe('2011000000000000001');
  });
});

/** The one socket the tab opens: what it sent, and a way to play the server. */
class FakeSocket {
  static last?: FakeSocket;
  readonly sent: Record<string, unknown>[] = [];
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onclose?: (event: { code: number; reason: string }) => void;
  onerror?: () => void;

  constructor(readonly url: string) {
    FakeSocket.last = this;
  }

  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close() {}

  frame(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

describe('live push catching up (issue 29)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for what it missed when the server says resync, and every minute while open', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    useSession.setState({ accessToken: 'token-1' });
    const readies: number[] = [];
    const stop = startLivePush({ onMessage: () => undefined, onReady: () => readies.push(Date.now()) });
    const socket = FakeSocket.last as FakeSocket;
    socket.onopen?.();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-1' }]);

    socket.frame({ type: 'ready', live: true });
    expect(isLive()).toBe(true);
    expect(readies).toHaveLength(1);
    socket.frame({ type: 'message', message: { id: '2011000000000000005', title: 't', type: 1, createTime: '' } });

    // The instance lost the bus: not live (the bell polls), and what may have gone past is asked for.
    socket.frame({ type: 'resync', live: false });
    expect(isLive()).toBe(false);
    expect(socket.sent.at(-1)).toEqual({ type: 'sync', since: '2011000000000000005' });
    socket.frame({ type: 'ready', live: false });
    expect(isLive()).toBe(false);
    expect(readies).toHaveLength(2);

    // Back: asked again, live once answered.
    sawMessage('2011000000000000007');
    socket.frame({ type: 'resync', live: true });
    expect(socket.sent.at(-1)).toEqual({ type: 'sync', since: '2011000000000000007' });
    socket.frame({ type: 'ready', live: true });
    expect(isLive()).toBe(true);

    // A slow check while live, in case anything slipped by unannounced.
    const sentBefore = socket.sent.length;
    vi.advanceTimersByTime(CHECK_MS - 1);
    expect(socket.sent).toHaveLength(sentBefore);
    vi.advanceTimersByTime(1);
    expect(socket.sent.at(-1)).toEqual({ type: 'sync', since: '2011000000000000007' });
    vi.advanceTimersByTime(CHECK_MS);
    expect(socket.sent).toHaveLength(sentBefore + 2);

    // An older server's ready without `live` counts as live.
    socket.frame({ type: 'ready' });
    expect(isLive()).toBe(true);
    stop();
    expect(isLive()).toBe(false);
    vi.advanceTimersByTime(CHECK_MS);
    expect(socket.sent).toHaveLength(sentBefore + 2);
  });
});
