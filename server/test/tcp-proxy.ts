import net from 'node:net';

/**
 * A TCP proxy between an instance and a server (the broker) that a test can break in the two ways
 * a network does (issue 29): `cut` destroys every connection and refuses new ones (the instance
 * sees a reset at once); `freeze` keeps every connection open but lets no byte through, as a link
 * that drops packets silently (only heartbeats or timeouts reveal it). `restore` ends either: a
 * frozen connection's held bytes then go through, as TCP would retransmit them.
 */
export class TcpProxy {
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket; held: [net.Socket, Buffer][] }>();
  private refusing = false;
  private frozen = false;
  private readonly server = net.createServer((client) => this.accept(client));

  constructor(private readonly target: URL) {}

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** The target's URL with the proxy's address in it. */
  get url(): string {
    const url = new URL(this.target.toString());
    url.hostname = '127.0.0.1';
    url.port = String((this.server.address() as net.AddressInfo).port);
    return url.toString();
  }

  cut() {
    this.refusing = true;
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
  }

  freeze() {
    this.frozen = true;
  }

  restore() {
    this.refusing = false;
    this.frozen = false;
    for (const pair of this.pairs) {
      for (const [to, bytes] of pair.held.splice(0)) if (!to.destroyed) to.write(bytes);
    }
  }

  async close() {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: net.Socket) {
    if (this.refusing) {
      client.destroy();
      return;
    }
    // An amqp:// URL without a port means AMQP's 5672.
    const upstream = net.connect(Number(this.target.port || 5672), this.target.hostname);
    const pair = { client, upstream, held: [] as [net.Socket, Buffer][] };
    this.pairs.add(pair);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.on('data', (bytes: Buffer) => {
        if (this.frozen) pair.held.push([to, bytes]);
        else to.write(bytes);
      });
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.pairs.delete(pair);
        to.destroy();
      });
    }
  }
}
