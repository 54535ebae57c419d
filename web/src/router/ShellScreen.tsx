import { useOutletContext } from 'react-router-dom';
import type { SHELL_SCREENS, ShellScreenName } from '../shell/screens.ts';

/** A signed-in screen by name: the shell hands the screens down (shell/screens.ts says why). */
export function ShellScreen({ name }: { name: ShellScreenName }) {
  const Screen = useOutletContext<typeof SHELL_SCREENS>()[name];
  return <Screen />;
}
