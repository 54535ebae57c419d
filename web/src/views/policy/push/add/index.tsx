import { policyPush } from '@park/catalog';
import { RecordPage } from '../../../../crud/RecordPage.tsx';

/** /policy/push/add: a new push (which policy, with a note to the enterprises); sent from the list's 分析推送. */
export default function PolicyPushAddPage() {
  return <RecordPage entity={policyPush} />;
}
