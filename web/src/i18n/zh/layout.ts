export const layout = {
  home: '首页',
  toggleMenu: '展开或收起菜单',
  logout: '退出登录',
  menuFailed: '菜单加载失败',
};
