import type { Resources } from '../types.ts';

/** Reports (/develop/report): the park's generated reports. */
export const report: Resources['report'] = {
  title: 'Reports',
  list: {
    name: 'Report',
    period: 'Month',
    periodPlaceholder: 'Select a month',
    status: 'Status',
    pdfSize: 'PDF size',
    xlsxSize: 'Excel size',
    createUser: 'Created by',
    createTime: 'Created at',
    empty: 'No reports yet: use "Generate report" to make a monthly report',
    loadFailed: 'The reports could not be loaded; please try again later',
  },
  statuses: {
    generating: 'Generating',
    done: 'Ready',
    failed: 'Failed',
  },
  actions: {
    generate: 'Generate report',
    batchDelete: 'Delete selected',
    downloadPdf: 'Download PDF',
    downloadXlsx: 'Download Excel',
  },
  generate: {
    title: 'Generate report',
    hint: "Makes the park operations report of the chosen month (PDF and Excel) from the modules' live records; a month that already has one is made again and its files replaced.",
    month: 'Month',
    monthRequired: 'Please select the month',
    ok: 'Generate',
    cancel: 'Cancel',
    done: 'Done!',
  },
};
