/** The model list grants its designer (router/views.ts `viewGrants`): /workflow/design/process/:id opens for whom it is granted. */
export default '/workflow/design/model';
