/** /tool/code (代码生成), BladeX's path (issue 35.6): the screen itself stays in views/develop/code. */
export { default } from '../../develop/code/index.tsx';
