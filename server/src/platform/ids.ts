/**
 * Snowflake ids: 41 bits of milliseconds since 2020-01-01, 10 bits of worker, 12 bits of sequence.
 * Kept as bigint inside and sent as strings (CONTRACT.md). The worker number is the one this
 * instance holds in the database (instances.ts: WORKER_ID, or a free one), so no two live instances
 * share it; drawn at random only until the platform has claimed it.
 */
const EPOCH = 1577836800000n;
let workerId = BigInt(Math.floor(Math.random() * 1024));
let lastMs = 0n;
let sequence = 0n;

/** This instance's worker number, 0 to 1023: the one its row in park_instance holds. */
export function setWorkerId(id: number) {
  workerId = BigInt(id);
}

export function nextId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs; // the clock stepped back: keep counting from the last instant
  if (now === lastMs) {
    sequence = (sequence + 1n) & 4095n;
    if (sequence === 0n) now = lastMs + 1n; // 4096 ids in one millisecond: borrow the next one
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (workerId << 12n) | sequence).toString();
}

/** True for a positive 64-bit integer written in decimal: what an id parameter may be. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^[1-9][0-9]{0,18}$/.test(value) && BigInt(value) <= 9223372036854775807n;
}
