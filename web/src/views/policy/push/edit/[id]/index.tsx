import { policyPush } from '@park/catalog';
import { useParams } from 'react-router-dom';
import { RecordPage } from '../../../../../crud/RecordPage.tsx';

/** /policy/push/edit/:id: a push edited on a page of its own. */
export default function PolicyPushEditPage() {
  const id = useParams().id ?? '';
  return <RecordPage key={id} entity={policyPush} id={id} />;
}
