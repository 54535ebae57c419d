import { POLICY_PUBLISH, policy } from '@park/catalog';
import CrudPage from '../../../crud/CrudPage.tsx';

/**
 * 政策资讯 (/policy/info): the published policies as their readers see them (issue 34.5, one policy list): company
 * accounts (the server shows them nothing else) and the park's staff alike read the articles here; nothing is
 * written, published or removed from this list. The operator keeps every policy, drafts included, in one list,
 * 政策管理 (/basic/policy), whose 新增 and 编辑 open the add and edit pages under /policy/info and return there.
 * The list is keyed apart from the policy's own buttons (`policy_info_add`, `_edit`, `_delete`), so it offers
 * none of them; 查看 opens with 政策资讯's view button.
 */
const reading = { ...policy, key: 'policy_info_read' };

export default function PolicyReadingPage() {
  return (
    <CrudPage
      entity={reading}
      baseFilters={{ publishStatus_equal: String(POLICY_PUBLISH.published) }}
      viewButton="policy_info_view"
      exportButton="policy_info_export"
      addable={false}
      editable={false}
    />
  );
}
