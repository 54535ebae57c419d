/** The shared pickers: person, row and enterprise dialogs, the tag input and the upload button. */
export const pickers = {
  personTitle: '选择人员',
  rowTitle: '选择{{list}}',
  enterpriseTitle: '选择企业',
  avatar: '头像',
  realName: '姓名',
  dept: '所属部门',
  post: '所属岗位',
  enterpriseName: '企业名称',
  status: '企业状态',
  selectAtLeastOne: '请选择至少一条数据',
  selectOne: '请选择一条数据',
  selectedCount: '已选择 {{count}} 项',
  unexpectedField: '不被期望的field',
  unexpectedTagKey: '不被期望的tagKey',
  pick: '选择',
  tagPlaceholder: '输入标签后回车',
};
