import { RecordPage } from '../../../../crud/RecordPage.tsx';
import { managedPolicy } from '../managed.ts';

/** /policy/info/add: a new policy, written on a page of its own (its rich-text body needs the room). */
export default function PolicyAddPage() {
  return <RecordPage entity={managedPolicy} />;
}
