/**
 * Libraries that weigh tens of megabytes once loaded (Excel, PDF, S3, HTML sanitising) and that most requests never
 * need: each is loaded on its first use, not at start-up, so an idle server does not carry them (issue 36: together
 * they were about 60 MB of an idle server's RSS). Node keeps a module once loaded, so later calls cost nothing.
 */
export const loadExcel = () => import('exceljs').then((m) => m.default);
export const loadPdf = () => import('pdfkit').then((m) => m.default);
export const loadSanitizer = () => import('sanitize-html').then((m) => m.default);
export const loadS3 = () =>
  Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, { Upload }]) => ({
    ...s3,
    Upload,
  }));
