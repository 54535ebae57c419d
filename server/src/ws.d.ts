/**
 * The parts of `ws` (MIT; the WebSocket library under @fastify/websocket) that live push, its tests and
 * @fastify/websocket's own types use: the package ships no types, and @types/ws is not installed.
 * Shaped as @types/ws is, so the plugin's `import * as WebSocket from 'ws'` reads the same names.
 */
declare module 'ws' {
  import { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';

  type RawData = Buffer | ArrayBuffer | Buffer[];

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string, options?: { headers?: Record<string, string>; handshakeTimeout?: number });
    readonly readyState: 0 | 1 | 2 | 3;
    /** Bytes queued by `send` and not yet written to the network. */
    readonly bufferedAmount: number;
    send(data: string | Buffer, cb?: (err?: Error) => void): void;
    ping(data?: string | Buffer, mask?: boolean, cb?: (err: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    on(event: 'unexpected-response', listener: (req: unknown, res: IncomingMessage) => void): this;
    on(event: 'open' | 'ping' | 'pong', listener: () => void): this;
    once(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'error', listener: (err: Error) => void): this;
    once(event: 'unexpected-response', listener: (req: unknown, res: IncomingMessage) => void): this;
    once(event: 'open' | 'ping' | 'pong', listener: () => void): this;
    off(event: string, listener: (...args: never[]) => void): this;
  }

  declare const WebSocketAlias: typeof WebSocket;
  interface WebSocketAlias extends WebSocket {}

  namespace WebSocket {
    export type { RawData };

    interface ServerOptions {
      maxPayload?: number;
      perMessageDeflate?: boolean;
      clientTracking?: boolean;
    }
    class Server extends EventEmitter {
      constructor(options?: ServerOptions);
      readonly clients: Set<WebSocketAlias>;
      close(cb?: (err?: Error) => void): void;
    }
    const WebSocketServer: typeof Server;
    interface WebSocketServer extends Server {}
    const WebSocket: typeof WebSocketAlias;
    interface WebSocket extends WebSocketAlias {}
  }

  export = WebSocket;
}
