import { policy } from '@park/catalog';
import { RecordPage } from '../../../../crud/RecordPage.tsx';

/** /policy/info/add: a new policy, written on a page of its own (its rich-text body needs the room). */
export default function PolicyAddPage() {
  return <RecordPage entity={policy} />;
}
