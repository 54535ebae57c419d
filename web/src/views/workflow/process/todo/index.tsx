import { TaskListPage } from '../../../../components/workflow/TaskListPage.tsx';

/** /workflow/process/todo (待办事务: my open tasks), process/todoList. */
export default function TodoTasksPage() {
  return <TaskListPage kind="todo" />;
}
