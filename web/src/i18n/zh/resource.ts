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
  attach: {
    download: '下载',
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
