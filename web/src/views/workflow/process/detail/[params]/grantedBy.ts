/** 待办事务 grants a process's detail (router/views.ts `viewGrants`): /workflow/process/detail/:params opens for whom it is granted. */
export default '/workflow/process/todo';
