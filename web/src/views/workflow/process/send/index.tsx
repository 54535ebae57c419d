import { TaskListPage } from '../../../../components/workflow/TaskListPage.tsx';

/** /workflow/process/send (已发事务: the processes I started), process/sendList. */
export default function SendTasksPage() {
  return <TaskListPage kind="send" />;
}
