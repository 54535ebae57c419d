import 'i18next';
import type { zh } from './zh/index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof zh;
  }
}
