/** The form schema, its validator and the expression language: `@park/catalog/forms`, kept out of the catalog's index so the first screen does not carry them. */
export * from './expression.ts';
export * from './schema.ts';
export * from './score.ts';
export * from './validate.ts';
