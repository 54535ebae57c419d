/** The resource and develop screens: SMS, OSS, attachments, data sources and code generation. */
export const resource = {
  enable: '启用',
  confirmEnable: '确定启用该配置? 同类的其他配置将被关闭',
  urlExample: '例如 jdbc:postgresql://127.0.0.1:5432/postgres',
  code: {
    ownDatabase: '本库 (控制台自己的数据库)',
    copy: '复制',
    confirmCopy: '确定复制该配置?',
    copied: '复制成功',
    generate: '生成',
    generated: '已生成',
    packageExample: '例如 crm',
    apiExample: '例如 blade-crm/visitor',
    webExample: '例如 /crm/visitor',
  },
  job: {
    pause: '暂停',
    resume: '恢复',
    execute: '立即执行',
    confirmPause: '确定暂停任务 {{key}}? 暂停后不再按计划执行',
    confirmResume: '确定恢复任务 {{key}}? 将按计划继续执行',
    confirmExecute: '确定立即执行任务 {{key}}? 执行不影响原计划',
    paused: '任务已暂停',
    resumed: '任务已恢复',
    nextRuns: '接下来执行：',
    cronHelp: '五段为标准 Cron（分 时 日 月 周），六或七段为 Quartz（秒 分 时 日 月 周 [年]），按北京时间',
    paramsHelp: 'JSON 对象，按执行器填写',
    paramsExamples: {
      logCleanup: '{"days":90}  保留最近 90 天的日志',
      sessionCleanup: '无需参数',
      sendMessage:
        '{"title":"周例会提醒","content":"十点开会","roleAlias":"administrator"}  不填 roleAlias 则发给全体用户',
    },
  },
  attach: {
    download: '下载',
  },
  oss: {
    test: '测试连接',
    testOk: '连接成功：测试文件已写入、读取并删除',
  },
  sms: {
    send: '发送测试',
    sendTitle: '发送测试短信（{{code}}）',
    sendOk: '发送',
    sent: '发送成功',
    phones: '手机号码',
    phonesHelp: '多个号码用逗号分隔',
    params: '模板参数',
    paramsHelp: 'JSON 对象，键为模板变量名，如 {"code":"1234"}；腾讯云按书写顺序取值',
    paramsInvalid: '模板参数须为 JSON 对象',
  },
};
