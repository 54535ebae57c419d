import { useParams } from 'react-router-dom';
import { RecordPage } from '../../../../../crud/RecordPage.tsx';
import { managedPolicy } from '../../managed.ts';

/** /policy/info/edit/:id: a policy edited on a page of its own. */
export default function PolicyEditPage() {
  const id = useParams().id ?? '';
  return <RecordPage key={id} entity={managedPolicy} id={id} />;
}
