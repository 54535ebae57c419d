export const layout = {
  home: '首页',
  toggleMenu: '展开或收起菜单',
  logout: '退出登录',
  menuFailed: '菜单加载失败',
  unavailableTitle: '该功能模块尚未开放',
  unavailableDetail: '“{{name}}”（{{path}}）还没有可用的页面。',
};
