import type { LazyTexts, zh } from './zh/index.ts';

/** The same keys as the Chinese texts, any string as value: what every other language provides. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export type Resources = Shape<typeof zh & LazyTexts>;

/** The namespaces that load apart, when a screen asks for them. */
export type LazyNamespace = keyof LazyTexts;

export type Lang = 'zh' | 'en';

export const LANGS: Lang[] = ['zh', 'en'];
