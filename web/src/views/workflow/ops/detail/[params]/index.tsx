import { useParams } from 'react-router-dom';
import { fetchProcessDetail } from '../../../../../components/workflow/api.ts';
import { BadDetailParams, ProcessDetailScreen } from '../../../../../components/workflow/ProcessDetail.tsx';
import { PROCESS_PATHS, readDetailParams } from '../../../../../components/workflow/paths.ts';

/**
 * /workflow/ops/detail/:params (below 流程监控, which grants it): a process as the operator looks at it
 * (process/detail without a task); the monitor's own operations stay on its list.
 */
export default function OpsDetailPage() {
  const params = readDetailParams(useParams().params);
  if (!params) return <BadDetailParams backPath={PROCESS_PATHS.ops} />;
  const { processInstanceId, taskId } = params;
  return (
    <ProcessDetailScreen
      queryKey={['ops', processInstanceId, taskId]}
      load={() => fetchProcessDetail(processInstanceId, taskId)}
      backPath={PROCESS_PATHS.ops}
    />
  );
}
