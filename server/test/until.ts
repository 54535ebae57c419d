/** Waits until `check` holds, polling every 20 ms; fails with `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`still not: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
