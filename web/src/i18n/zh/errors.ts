export const errors = {
  unknown: '未知错误',
  timeout: '请求超时，请稍后重试',
  network: '网络异常，请检查网络连接',
  forbidden: '抱歉，你无权访问该页面',
  notFound: '抱歉，你访问的页面不存在',
  serverError: '抱歉，服务器出错了',
};
