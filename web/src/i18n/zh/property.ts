/** Property (物业管理): the contract screens and the lease costs. */
export const property = {
  totalArea: '合计建筑面积：{{area}} ㎡',
  costs: '费用',
  costsTitle: '合同{{no}}的租赁费用',
  noCosts: '暂无费用',
  overdue: '逾期',
  onlyOverdue: '仅看逾期',
  pay: '缴费',
  payQuestion: '确定将第{{period}}期费用（{{amount}}元）标记为已缴?',
  paid: '缴费成功',
};
