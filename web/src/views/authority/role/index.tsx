/** /authority/role (角色管理), BladeX's path (issue 35.6): the screen itself stays in views/system/role. */
export { default } from '../../system/role/index.tsx';
