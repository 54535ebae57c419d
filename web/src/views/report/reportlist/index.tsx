/** /report/reportlist (报表管理), BladeX's path (issue 35.6): the screen itself stays in views/develop/report. */
export { default } from '../../develop/report/index.tsx';
