import { TaskListPage } from '../../../../components/workflow/TaskListPage.tsx';

/** /workflow/process/claim (待签事务: open tasks offered to me, unclaimed), process/claimList. */
export default function ClaimTasksPage() {
  return <TaskListPage kind="claim" />;
}
