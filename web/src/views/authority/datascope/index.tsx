/** /authority/datascope (数据权限), BladeX's path (issue 35.6): the screen itself stays in views/system/datascope. */
export { default } from '../../system/datascope/index.tsx';
