import { apiScope } from '@park/catalog';
import { ScopePage } from '../datascope/ScopePage.tsx';

/** /system/apiscope: API-scope rules, each under a menu. */
export default function ApiScopePage() {
  return <ScopePage entity={apiScope} />;
}
