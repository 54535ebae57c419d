/** The park's personnel (人员管理): the staff list and a person's detail page. */
export const personnel = {
  detailTitle: '人员详情',
  detailTagNamed: '{{kind}}：{{name}}',
  backToList: '返回人员信息',
  noStaff: '该人员不存在或无权查看',
};
