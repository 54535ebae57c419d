import { useParams } from 'react-router-dom';
import { fetchMyWorkDetail } from '../../../../../components/workflow/api.ts';
import { BadDetailParams, ProcessDetailScreen } from '../../../../../components/workflow/ProcessDetail.tsx';
import { PROCESS_PATHS, readDetailParams } from '../../../../../components/workflow/paths.ts';

/**
 * /oa/work/detail/:params (below 我的工作, which grants it): a work item (blade-oa/work/myWorkDetail, the
 * process's detail at the viewer's task), with the same operations as the process detail; back to 我的工作.
 */
export default function MyWorkDetailPage() {
  const params = readDetailParams(useParams().params);
  if (!params) return <BadDetailParams backPath={PROCESS_PATHS.oaWork} />;
  const { processInstanceId } = params;
  return (
    <ProcessDetailScreen
      queryKey={['oa', processInstanceId]}
      load={() => fetchMyWorkDetail(processInstanceId)}
      backPath={PROCESS_PATHS.oaWork}
    />
  );
}
