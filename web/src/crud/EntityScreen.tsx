import { entityByRoute } from '@park/catalog';
import CrudPage from './CrudPage.tsx';

/** The generic screen of the catalog entity at a menu path; the catalog loads here, with the list, not with the first page. */
export default function EntityScreen({ route }: { route: string }) {
  const entity = entityByRoute(route);
  if (!entity) throw new Error(`No catalog entity at ${route}`);
  return <CrudPage entity={entity} />;
}
