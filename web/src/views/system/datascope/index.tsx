import { dataScope } from '@park/catalog';
import { ScopePage } from './ScopePage.tsx';

/** /system/datascope: data-scope rules, each under a menu. */
export default function DataScopePage() {
  return <ScopePage entity={dataScope} />;
}
