import { useSearchParams } from 'react-router-dom';

const TAB_PARAM = 'tab';

/**
 * The open tab of a detail page, kept in the address (`?tab=`) so that a reload or a shared link opens the
 * same tab; an unknown or missing one is the first. Switching replaces the address rather than adding a step.
 */
export function useTabParam(keys: readonly string[]): [string, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(TAB_PARAM);
  const active = asked && keys.includes(asked) ? asked : keys[0];
  const open = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, key);
        return next;
      },
      { replace: true },
    );
  return [active, open];
}
