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
};
