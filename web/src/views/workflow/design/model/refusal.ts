/**
 * The reasons of a refused deploy: the server joins them with '；' (zh) or '; ' (en). An English reason may go on
 * after a '; ' of its own ("...; it must be all, any or ratio"), always with "it": there the reason is not split.
 */
export function refusalReasons(message: string): string[] {
  return message
    .split(/；|; (?!it )/)
    .map((reason) => reason.trim())
    .filter(Boolean);
}
