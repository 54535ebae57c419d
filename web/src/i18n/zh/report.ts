/** 报表管理 (/develop/report): the park's generated reports. */
export const report = {
  title: '报表管理',
  list: {
    name: '报表名称',
    period: '统计月份',
    periodPlaceholder: '请选择月份',
    status: '状态',
    pdfSize: 'PDF 大小',
    xlsxSize: 'Excel 大小',
    createUser: '创建人',
    createTime: '创建时间',
    empty: '暂无报表，可点击“生成报表”生成月报',
    loadFailed: '报表列表加载失败，请稍后重试',
  },
  statuses: {
    generating: '生成中',
    done: '已完成',
    failed: '生成失败',
  },
  actions: {
    generate: '生成报表',
    batchDelete: '批量删除',
    downloadPdf: '下载 PDF',
    downloadXlsx: '下载 Excel',
  },
  generate: {
    title: '生成报表',
    hint: '生成所选月份的园区运营月报（PDF 与 Excel），数据取自各模块的实时记录；该月已有报表时将重新生成并替换原文件。',
    month: '统计月份',
    monthRequired: '请选择统计月份',
    ok: '生成',
    cancel: '取消',
    done: '操作成功!',
  },
};
