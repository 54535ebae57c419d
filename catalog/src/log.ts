import type { EntityDef, FieldDef } from './types.ts';

/**
 * The usual, api and error logs: append-only tables written by the platform's log
 * writer, read here as catalog entities (no audit columns, never edited).
 */
const text = (name: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'string',
  label: { zh, en },
  form: false,
  ...extra,
});

const COMMON: FieldDef[] = [
  text('serviceId', '服务编号', 'Service', { list: false }),
  // Where it ran and how it was asked: the first a narrow list leaves out (issue 34.3).
  text('serverHost', '服务器名', 'Server host', { listPriority: 'low' }),
  text('serverIp', '服务器IP', 'Server IP', { list: false }),
  text('env', '环境', 'Environment', { list: false }),
  text('method', '请求方法', 'Method', { listPriority: 'low' }),
  text('requestUri', '请求地址', 'Request URI', { search: true }),
  text('userAgent', '用户代理', 'User agent', { list: false }),
  text('remoteIp', '操作IP', 'Remote IP', { listPriority: 'low' }),
  text('methodClass', '方法类', 'Class', { list: false }),
  text('methodName', '方法名', 'Method name', { list: false }),
  text('params', '请求参数', 'Parameters', { type: 'text', list: false }),
  text('createBy', '操作人', 'Operator', { search: true }),
  { name: 'createTime', type: 'datetime', label: { zh: '操作时间', en: 'Time' }, form: false, sort: true },
];

function logEntity(kind: string, table: string, label: EntityDef['label'], fields: FieldDef[]): EntityDef {
  return {
    key: `log_${kind}`,
    module: 'log',
    api: `blade-log/${kind}`,
    route: `/monitor/log/${kind}`,
    table,
    label,
    audit: false,
    fields: [...COMMON, ...fields],
  };
}

export const logApi = logEntity('api', 'blade_log_api', { zh: '接口日志', en: 'API log' }, [
  text('type', '日志类型', 'Type', { dict: 'api_log_type' }),
  text('title', '日志名', 'Title', { search: true, listPriority: 'key' }),
  text('time', '执行时间', 'Duration (ms)'),
]);

export const logError = logEntity('error', 'blade_log_error', { zh: '错误日志', en: 'Error log' }, [
  text('stackTrace', '堆栈信息', 'Stack trace', { type: 'text', list: false }),
  text('exceptionName', '异常名', 'Exception'),
  text('message', '异常信息', 'Message', { type: 'text', listPriority: 'key' }),
  { name: 'lineNumber', type: 'int', label: { zh: '错误行数', en: 'Line' }, form: false, list: false },
  text('fileName', '文件名', 'File', { list: false }),
]);

export const logUsual = logEntity('usual', 'blade_log_usual', { zh: '通用日志', en: 'Usual log' }, [
  text('logLevel', '日志级别', 'Level', { search: true }),
  text('logId', '日志业务编号', 'Log id', { listPriority: 'key' }),
  text('logData', '日志数据', 'Data', { type: 'text', listPriority: 'key' }),
]);

export const logEntities = [logApi, logError, logUsual];
