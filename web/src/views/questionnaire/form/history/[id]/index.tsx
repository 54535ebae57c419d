import { useParams } from 'react-router-dom';
import { FormHistoryScreen } from '../../../../../components/form-designer/FormHistoryScreen.tsx';
import { usePermission } from '../../../../../stores/session.ts';
import { questionnaireForms } from '../../designedForms.ts';

/** /questionnaire/form/history/:id: a questionnaire form's versions; 设为主版本 is the form's edit (the server's rule). */
export default function QuestionnaireFormHistoryPage() {
  const maySetMain = usePermission('questionnaire_form_edit');
  return <FormHistoryScreen forms={questionnaireForms} id={useParams().id ?? ''} maySetMain={maySetMain} />;
}
