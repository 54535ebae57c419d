import { TaskListPage } from '../../../../components/workflow/TaskListPage.tsx';

/** /workflow/process/done (办结事务: the finished or terminated processes I took part in), process/doneList. */
export default function DoneTasksPage() {
  return <TaskListPage kind="done" />;
}
