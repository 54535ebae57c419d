// The cron parser (croner) on its own: loaded by the forms' cron check when a schedule is first checked.
export { cronProblem } from '@park/catalog';
