import 'i18next';
import type { LazyTexts, zh } from './zh/index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof zh & LazyTexts;
  }
}
