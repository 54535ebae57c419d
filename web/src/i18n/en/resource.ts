import type { Resources } from '../types.ts';

export const resource: Resources['resource'] = {
  enable: 'Enable',
  confirmEnable: 'Enable this configuration? The others of its kind will be disabled',
  urlExample: 'e.g. jdbc:postgresql://127.0.0.1:5432/postgres',
  attach: {
    download: 'Download',
  },
};
