import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The egress guard (issue 28): where a tenant's configuration may make the server call out
 * (对象存储, SMS, any later provider or webhook). Public addresses always; the private ranges only
 * as the platform's administrator allows (OUTBOUND_ALLOW_PRIVATE); loopback, link-local, the
 * clouds' metadata addresses and every other special range never. A host name is resolved once,
 * every answer checked, and the connection made to the checked address (no second DNS answer).
 * The server-wide S3_ENDPOINT and SMS_ENDPOINT_OVERRIDE are the operator's own and not guarded.
 */
export interface OutboundPolicy {
  /** The private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7): none, all, or those within these CIDRs. */
  private: boolean | string[];
  /** This machine's loopback addresses too: test runs only (their fake S3 listens on 127.0.0.1). */
  loopback: boolean;
}

export const STRICT: OutboundPolicy = { private: false, loopback: false };

/** An address as ipaddr.js reads it (brackets and an IPv4 mapping undone), or undefined for what is none. */
function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  // net.isIP takes only the usual spellings: ipaddr.js alone would read "0x7f.1" as 127.0.0.1.
  if (!net.isIP(bare)) return undefined;
  const ip = ipaddr.process(bare);
  // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits: judged as that one.
  return ip.kind() === 'ipv6' && ip.match(NAT64) ? ipaddr.fromByteArray(ip.toByteArray().slice(12)) : ip;
}

/**
 * What an address is, for the guard: `public`, `private` (allowed on the platform's word),
 * `loopback` (test runs only), or the special range that is never called (`linkLocal`,
 * `metadata`, `unspecified`, `multicast`, `reserved`, ...); `invalid` for what is no address.
 */
export function classify(address: string): string {
  const ip = parse(address);
  if (!ip) return 'invalid';
  if (METADATA.has(ip.toNormalizedString())) return 'metadata';
  const range = ip.range();
  if (range === 'unicast') return ip.kind() === 'ipv6' && ip.match(IETF_RESERVED_V6) ? 'reserved' : 'public';
  if (range === 'private' || range === 'carrierGradeNat' || range === 'uniqueLocal') return 'private';
  return range;
}

/** Whether a tenant's configuration may make the server connect to this address. */
export function allowed(address: string, policy: OutboundPolicy): boolean {
  const kind = classify(address);
  if (kind === 'public') return true;
  if (kind === 'loopback') return policy.loopback;
  if (kind !== 'private') return false;
  if (typeof policy.private === 'boolean') return policy.private;
  const ip = parse(address) as ipaddr.IPv4 | ipaddr.IPv6;
  return policy.private.some((cidr) => {
    const range = ipaddr.parseCIDR(cidr);
    return range[0].kind() === ip.kind() && ip.match(range);
  });
}

/**
 * An entry of OUTBOUND_ALLOW_PRIVATE as a CIDR (an address alone is its own /32 or /128), or
 * undefined when it is none or starts outside the private ranges (loopback cannot be opened so).
 */
export function privateCidr(entry: string): string | undefined {
  const [address, bits] = entry.split('/');
  const cidr = bits === undefined ? `${address}/${net.isIPv6(address) ? 128 : 32}` : entry;
  return ipaddr.isValidCIDR(cidr) && classify(address) === 'private' ? cidr : undefined;
}

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
/** ::/8 (the IPv4-compatible addresses among it) is unroutable, though not in ipaddr.js's special ranges. */
const IETF_RESERVED_V6 = ipaddr.parseCIDR('::/8');
/**
 * The instance metadata services: AWS, GCP, Azure, Huawei (169.254.169.254; AWS IPv6 fd00:ec2::254),
 * ECS task credentials (169.254.170.2), Tencent Cloud (169.254.0.23), Alibaba Cloud (100.100.100.200,
 * inside 100.64/10, which the allowance would otherwise open), Oracle (192.0.0.192).
 */
const METADATA = new Set(
  ['169.254.169.254', '169.254.170.2', '169.254.0.23', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254'].map((a) =>
    ipaddr.parse(a).toNormalizedString(),
  ),
);

/** The guard's refusal, as a connection error: the caller answers it as it answers any failed call. */
export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(host: string) {
    super(`${host}: not an address this server calls for a tenant's configuration`);
  }
}

/** dns.lookup, every answer checked: one forbidden answer refuses the name (a rebinding answer among public ones too). */
function guardedLookup(policy: OutboundPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      if (addresses.length === 0 || addresses.some((a) => !allowed(a.address, policy))) {
        return callback(new OutboundRefused(hostname), '', 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * An agent that connects only where the policy allows: a name through the checked lookup (the
 * socket connects to the very address checked), an address literal (which Node never looks up) here.
 */
function guard<A extends http.Agent>(agent: A, policy: OutboundPolicy): A {
  const connect = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const host = String(options.host ?? options.hostname ?? '').replace(/^\[(.*)\]$/, '$1');
    if (net.isIP(host) && !allowed(host, policy)) {
      // The agent's callback takes (err, socket); Node reads only the error when there is one.
      callback?.(new OutboundRefused(host), undefined as never);
      return undefined;
    }
    return connect(options, callback);
  };
  return agent;
}

export interface OutboundAgents {
  http: http.Agent;
  https: https.Agent;
}

/**
 * New guarded agents for one client (an S3 client destroys its agents when closed, so none are
 * shared); kept-alive connections only where the client makes many calls.
 */
export function guardedAgents(policy: OutboundPolicy, keepAlive: boolean): OutboundAgents {
  const lookup = guardedLookup(policy);
  return {
    http: guard(new http.Agent({ keepAlive, maxSockets: 50, lookup }), policy),
    https: guard(new https.Agent({ keepAlive, maxSockets: 50, lookup }), policy),
  };
}

/** A provider's answer larger than this is no answer we wait for. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * One HTTP(S) call for a provider, through the guard when a policy is given (none: an address the
 * operator set). A redirect is answered as it is, never followed. Rejects with the connection's
 * error, known by its `code`: ECONNREFUSED, EOUTBOUNDREFUSED, ETIMEDOUT (no whole answer in time), ...
 */
export function callOut(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; timeoutMs: number },
  policy: OutboundPolicy | undefined,
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const agent = policy ? guardedAgents(policy, false)[secure ? 'https' : 'http'] : undefined;
  const signal = AbortSignal.timeout(init.timeoutMs);
  const failed = (err: unknown) =>
    signal.aborted ? Object.assign(new Error(`no answer within ${init.timeoutMs} ms`), { code: 'ETIMEDOUT' }) : err;
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      target,
      { method: init.method, headers: init.headers, agent, signal },
      async (res) => {
        try {
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of res) {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) throw new Error('the answer is too large');
            chunks.push(chunk);
          }
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers });
        } catch (err) {
          res.destroy();
          reject(failed(err));
        }
      },
    );
    req.once('error', (err) => reject(failed(err)));
    req.end(init.body);
  });
}
