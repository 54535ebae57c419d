import type { Resources } from '../types.ts';

export const pickers: Resources['pickers'] = {
  personTitle: 'Select people',
  rowTitle: 'Select from {{list}}',
  enterpriseTitle: 'Select enterprises',
  avatar: 'Avatar',
  realName: 'Name',
  dept: 'Department',
  post: 'Post',
  enterpriseName: 'Enterprise name',
  status: 'Status',
  selectAtLeastOne: 'Please select at least one row',
  selectOne: 'Please select a row',
  selectedCount: '{{count}} selected',
  unexpectedField: 'Unexpected field',
  unexpectedTagKey: 'Unexpected tagKey',
  pick: 'Select',
  tagPlaceholder: 'Type a tag and press Enter',
};
