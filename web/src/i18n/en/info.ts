import type { Resources } from '../types.ts';

export const info: Resources['info'] = {
  title: 'Personal info',
  tabInfo: 'Personal info',
  tabPassword: 'Change password',
  avatar: 'Avatar',
  avatarHint: 'jpg or png only, at most 500 kb',
  avatarType: 'The avatar must be a JPG or PNG image',
  avatarSize: 'The avatar must not be larger than 500 KB',
  realName: 'Real name',
  userName: 'User name',
  phone: 'Mobile',
  email: 'Email',
  required: 'Please enter the {{label}}',
  oldPassword: 'Old password',
  newPassword: 'New password',
  newPassword1: 'Confirm password',
  mismatch: 'The two passwords do not match',
  submit: 'Submit',
  saved: 'Saved',
};
