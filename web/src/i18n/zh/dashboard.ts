/** 控制台 (/wel/dashboard): the park operator's charts. */
export const dashboard = {
  occupancy: {
    title: '楼层出租情况',
    building: '楼宇',
    floor: '楼层',
    total: '房间与办公室',
    rented: '已出租',
    vacant: '空置',
  },
  rent: { title: '近 12 个月租金收缴', month: '月份', due: '应收(元)', collected: '已收(元)' },
  repairStatus: { title: '报修按状态', status: '工单状态', count: '数量' },
  repairType: { title: '报修按类型与平均处理时长', type: '故障类型', count: '数量', closeHours: '平均处理时长(小时)' },
  meals: { title: '近 30 天每日订餐', day: '日期', count: '订餐份数' },
  reports: {
    title: '近 12 个月生产报告',
    month: '截止月份',
    onTime: '按时提交',
    late: '逾期提交',
    overdue: '逾期未交',
    pending: '未到期',
  },
  spaces: { title: '近 30 天公共空间预约', space: '空间', count: '预约次数', hours: '预约时长(小时)' },
};
