/** /authority/apiscope (接口权限), BladeX's path (issue 35.6): the screen itself stays in views/system/apiscope. */
export { default } from '../../system/apiscope/index.tsx';
