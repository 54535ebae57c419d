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
  backHome: 'Back to home',
  upload: {
    type: 'Only {{types}} files can be uploaded',
    size: 'The file must not be larger than {{size}}',
    pick: 'Upload an image',
    remove: 'Remove the image',
    hint: '{{types}}, at most {{size}}',
  },
};
