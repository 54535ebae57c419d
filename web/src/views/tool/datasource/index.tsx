/** /tool/datasource (数据源管理), BladeX's path (issue 35.6): the screen itself stays in views/develop/datasource. */
export { default } from '../../develop/datasource/index.tsx';
