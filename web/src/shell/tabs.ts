/** Which tab becomes active when `closing` closes: the one before it if it was active, else no change. */
export function activeAfterClose(keys: string[], closing: string, active: string): string {
  if (closing !== active) return active;
  const index = keys.indexOf(closing);
  return keys[index - 1] ?? keys[index + 1] ?? active;
}
