export const common = {
  appName: '园区管理平台',
  language: '语言',
  /** The language button's name: its visible text (the active language) first, so a voice command by it works. */
  languageButton: '{{lang}}（语言）',
  /** Between the items of a list read out as one text (a form's error messages). */
  listSeparator: '；',
  languages: { zh: '中文', en: 'English' },
  ok: '确定',
  cancel: '取消',
  close: '关闭',
  retry: '重试',
  chartFailed: '图表加载失败，请刷新页面重试',
  /** A chart card's actions and states (components/charts/ChartCard). */
  chart: {
    saveImage: '保存图片',
    saveImageOf: '保存图片：{{title}}',
    exportData: '导出数据',
    exportDataOf: '导出数据：{{title}}',
    openList: '查看列表',
    openListOf: '查看列表：{{title}}',
    notDrawn: '图表尚未绘制完成',
    empty: '暂无数据',
    failed: '图表数据加载失败',
  },
  backHome: '返回首页',
  upload: {
    type: '只能上传 {{types}} 格式的文件',
    size: '文件大小不能超过 {{size}}',
    pick: '上传图片',
    remove: '移除图片',
    hint: '{{types}} 格式，不超过 {{size}}',
  },
};
