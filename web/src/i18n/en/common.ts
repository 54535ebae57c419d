import type { Resources } from '../types.ts';

export const common: Resources['common'] = {
  appName: 'Park Console',
  language: 'Language',
  languages: { zh: '中文', en: 'English' },
  ok: 'OK',
  cancel: 'Cancel',
  close: 'Close',
  retry: 'Retry',
  backHome: 'Back to home',
  upload: {
    type: 'Only {{types}} files can be uploaded',
    size: 'The file must not be larger than {{size}}',
  },
};
