import { logUsual } from '@park/catalog';
import { LogPage } from '../LogPage.tsx';

/** /monitor/log/usual: the usual log, each entry's detail in a drawer. */
export default function LogUsualPage() {
  return <LogPage entity={logUsual} />;
}
