import { useTranslation } from 'react-i18next';
import { fetchModelScope, submitModelScope } from '../../../../api/workflow-design.ts';
import { ScopeEditor } from '../../../../components/scope/ScopeEditor.tsx';
import { usePermission } from '../../../../stores/session.ts';

const scopeQueryKey = (modelId: string) => ['workflow', 'model-scope', modelId];

/** Editing a scope is the 模型范围 screen's edit (or add) button, wherever it is edited (the server's rule). */
export function useMayEditScope(): boolean {
  const edit = usePermission('wf_model_scope_edit');
  const add = usePermission('wf_model_scope_add');
  return edit || add;
}

/**
 * Who may start a model (design/model/scope), in the shared scope editor: no line means everyone may start it.
 * The model list's 范围 dialog and the 模型范围 screen both edit a scope with it.
 */
export function ModelScopeEditor({
  modelId,
  readOnly = false,
  onSaved,
  onCancel,
}: {
  modelId: string;
  readOnly?: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('workflow');
  return (
    <ScopeEditor
      queryKey={scopeQueryKey(modelId)}
      load={() => fetchModelScope(modelId)}
      save={(rows) => submitModelScope(modelId, rows)}
      empty={t('scope.everyone')}
      readOnly={readOnly}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
