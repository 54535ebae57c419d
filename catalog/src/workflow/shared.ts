/** `@park/catalog/workflow`: what the web and the server share of the workflow, without the entity declarations. */
export * from './moddle.ts';
export * from './params.ts';
