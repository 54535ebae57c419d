import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef, Text } from '../types.ts';

/**
 * Scheduled jobs (spec parts 1, 4 and 7: resource `job`): each tenant's jobs, named by a key, that
 * run one of the server's built-in handlers on a cron schedule. The state is the server's:
 * WAITING for the next run, ACQUIRED while an instance runs it, PAUSED by an operator, BLOCKED when
 * it may not run (its tenant has expired, or its handler is gone), ERROR after a failed run.
 */
export const JOB_STATES = ['WAITING', 'PAUSED', 'ACQUIRED', 'BLOCKED', 'ERROR'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The handlers a job may run; the server registers one of each (a test keeps the two lists equal). */
export const JOB_HANDLERS = ['logCleanup', 'sessionCleanup', 'sendMessage', 'workflowTimers', 'monthlyReport'] as const;
export type JobHandlerName = (typeof JOB_HANDLERS)[number];

export const JOB_KEY = /^[A-Za-z][A-Za-z0-9_-]*$/;

export const JOB_MESSAGES = {
  keyFormat: {
    zh: '任务标识只能包含字母、数字、下划线和中划线，并以字母开头',
    en: 'The job key may hold only letters, digits, _ and -, and must start with a letter',
  },
  paramsObject: { zh: '任务参数须为 JSON 对象', en: 'The job parameters must be a JSON object' },
} satisfies Record<string, Text>;

export const scheduledJob: EntityDef = {
  key: 'scheduled_job',
  module: 'resource',
  api: 'blade-resource/job',
  route: '/resource/job',
  table: 'blade_job',
  label: { zh: '定时任务', en: 'Scheduled job' },
  defaultSort: { field: 'keyName', desc: false },
  fields: [
    {
      name: 'keyName',
      type: 'string',
      label: { zh: '任务标识', en: 'Job key' },
      required: { zh: '请输入任务标识', en: 'Please enter the job key' },
      unique: { zh: '任务标识已存在', en: 'A job with this key already exists' },
      maxLength: 64,
      search: true,
      sort: true,
    },
    {
      name: 'jobName',
      type: 'string',
      label: { zh: '任务名称', en: 'Job name' },
      required: { zh: '请输入任务名称', en: 'Please enter the job name' },
      maxLength: 100,
      search: true,
      sort: true,
    },
    {
      name: 'handler',
      type: 'string',
      label: { zh: '执行器', en: 'Handler' },
      dict: 'job_handler',
      required: { zh: '请选择执行器', en: 'Please select the handler' },
      search: true,
    },
    {
      name: 'cronExpression',
      type: 'string',
      label: { zh: 'Cron表达式', en: 'Cron expression' },
      required: { zh: '请输入Cron表达式', en: 'Please enter the cron expression' },
      format: 'cron',
      maxLength: 120,
    },
    {
      name: 'params',
      type: 'text',
      label: { zh: '任务参数', en: 'Parameters' },
      maxLength: 2000,
      list: false,
      span: 24,
    },
    {
      name: 'jobState',
      type: 'string',
      label: { zh: '任务状态', en: 'State' },
      dict: 'job_state',
      form: false,
      search: true,
    },
    { name: 'nextRunTime', type: 'datetime', label: { zh: '下次执行', en: 'Next run' }, form: false, sort: true },
    { name: 'lastRunTime', type: 'datetime', label: { zh: '上次执行', en: 'Last run' }, form: false, sort: true },
    { name: 'lastResult', type: 'text', label: { zh: '上次结果', en: 'Last result' }, form: false },
    // The same in English; the screen shows the one of the user's language.
    {
      name: 'lastResultEn',
      type: 'text',
      label: { zh: '上次结果（英文）', en: 'Last result' },
      form: false,
      list: false,
    },
    remarkField,
    createTimeField,
  ],
};
