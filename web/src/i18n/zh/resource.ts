/** The resource and develop screens: SMS, OSS, attachments and data sources. */
export const resource = {
  enable: '启用',
  confirmEnable: '确定启用该配置? 同类的其他配置将被关闭',
  urlExample: '例如 jdbc:postgresql://127.0.0.1:5432/postgres',
  attach: {
    download: '下载',
  },
};
