import { useParams } from 'react-router-dom';
import { fetchProcessDetail } from '../../../../../components/workflow/api.ts';
import { BadDetailParams, ProcessDetailScreen } from '../../../../../components/workflow/ProcessDetail.tsx';
import { PROCESS_PATHS, readDetailParams } from '../../../../../components/workflow/paths.ts';

/**
 * /workflow/process/detail/:params (granted by 待办事务, ./grantedBy.ts): a process, at the viewer's task when
 * `:params` names one (process/detail), with the operations the viewer may take; back to 待办事务.
 */
export default function ProcessDetailPage() {
  const params = readDetailParams(useParams().params);
  if (!params) return <BadDetailParams backPath={PROCESS_PATHS.todo} />;
  const { processInstanceId, taskId } = params;
  return (
    <ProcessDetailScreen
      queryKey={['process', processInstanceId, taskId]}
      load={() => fetchProcessDetail(processInstanceId, taskId)}
      backPath={PROCESS_PATHS.todo}
    />
  );
}
