/** /base/region (行政区划), BladeX's path (issue 35.6): the screen itself stays in views/system/region. */
export { default } from '../../system/region/index.tsx';
