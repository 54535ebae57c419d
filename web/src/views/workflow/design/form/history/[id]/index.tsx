import { useParams } from 'react-router-dom';
import { FormHistoryScreen } from '../../../../../../components/form-designer/FormHistoryScreen.tsx';
import { usePermission } from '../../../../../../stores/session.ts';
import { workflowForms } from '../../designedForms.ts';

/** /workflow/design/form/history/:id: a workflow form's versions, 设为主版本 behind wf_form_history. */
export default function FormHistoryPage() {
  const maySetMain = usePermission('wf_form_history');
  return <FormHistoryScreen forms={workflowForms} id={useParams().id ?? ''} maySetMain={maySetMain} />;
}
