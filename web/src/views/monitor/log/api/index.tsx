import { logApi } from '@park/catalog';
import { LogPage } from '../LogPage.tsx';

/** /monitor/log/api: the api log, each entry's detail in a drawer. */
export default function LogApiPage() {
  return <LogPage entity={logApi} />;
}
