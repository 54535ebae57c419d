import { logError } from '@park/catalog';
import { LogPage } from '../LogPage.tsx';

/** /monitor/log/error: the error log, each entry's detail in a drawer. */
export default function LogErrorPage() {
  return <LogPage entity={logError} />;
}
