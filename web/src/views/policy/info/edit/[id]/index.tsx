import { policy } from '@park/catalog';
import { useParams } from 'react-router-dom';
import { RecordPage } from '../../../../../crud/RecordPage.tsx';

/** /policy/info/edit/:id: a policy edited on a page of its own. */
export default function PolicyEditPage() {
  const id = useParams().id ?? '';
  return <RecordPage key={id} entity={policy} id={id} />;
}
