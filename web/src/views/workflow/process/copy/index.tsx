import { TaskListPage } from '../../../../components/workflow/TaskListPage.tsx';

/** /workflow/process/copy (抄送事务: the processes copied to me), process/copyList. */
export default function CopyTasksPage() {
  return <TaskListPage kind="copy" />;
}
