import type { Resources } from '../types.ts';

export const common: Resources['common'] = {
  appName: 'Park Console',
  language: 'Language',
  /** The language button's name: its visible text (the active language) first, so a voice command by it works. */
  languageButton: '{{lang}} (Language)',
  /** Between the items of a list read out as one text (a form's error messages). */
  listSeparator: '; ',
  languages: { zh: '中文', en: 'English' },
  ok: 'OK',
  cancel: 'Cancel',
  close: 'Close',
  retry: 'Retry',
  chartFailed: 'The chart could not be loaded: reload the page to try again',
  chart: {
    saveImage: 'Save image',
    saveImageOf: 'Save image: {{title}}',
    exportData: 'Export data',
    exportDataOf: 'Export data: {{title}}',
    openList: 'Open list',
    openListOf: 'Open list: {{title}}',
    notDrawn: 'The chart is not drawn yet',
    empty: 'No data',
    failed: 'The chart data could not be loaded',
  },
  backHome: 'Back to home',
  upload: {
    type: 'Only {{types}} files can be uploaded',
    size: 'The file must not be larger than {{size}}',
    pick: 'Upload an image',
    remove: 'Remove the image',
    hint: '{{types}}, at most {{size}}',
  },
};
