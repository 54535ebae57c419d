import type { Resources } from '../types.ts';

/** Dashboard (/wel/dashboard): the park operator's charts. */
export const dashboard: Resources['dashboard'] = {
  occupancy: {
    title: 'Occupancy by floor',
    building: 'Building',
    floor: 'Floor',
    total: 'Rooms and offices',
    rented: 'Rented',
    vacant: 'Vacant',
  },
  rent: { title: 'Rent over the last 12 months', month: 'Month', due: 'Due (yuan)', collected: 'Collected (yuan)' },
  repairStatus: { title: 'Repairs by status', status: 'Status', count: 'Count' },
  repairType: {
    title: 'Repairs by type and time to close',
    type: 'Fault type',
    count: 'Count',
    closeHours: 'Average hours to close',
  },
  meals: { title: 'Meals booked over the last 30 days', day: 'Date', count: 'Meals booked' },
  reports: {
    title: 'Production reports over the last 12 months',
    month: 'Due month',
    onTime: 'On time',
    late: 'Late',
    overdue: 'Overdue',
    pending: 'Not yet due',
  },
  spaces: {
    title: 'Public space bookings over the last 30 days',
    space: 'Space',
    count: 'Bookings',
    hours: 'Hours booked',
  },
};
