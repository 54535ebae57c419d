-- The todo list (待办, modules/workflow/runtime/lists.ts) at scale (issue 31, `npm run bench`): its index holds the
-- list's whole order (create_time desc, id desc), so a page reads its rows in order and stops at the page's end
-- instead of sorting all of the user's open tasks, and it carries instance_id, so the page's total counts the
-- user's open tasks from the index alone before joining each to its instance.
drop index wf_task_todo;
create index wf_task_todo on wf_task (tenant_id, assignee, create_time desc, id desc) include (instance_id)
  where status = 'todo';
