import { AppstoreOutlined, MenuOutlined, ProfileOutlined, SettingOutlined } from '@ant-design/icons';
import { describe, expect, it } from 'vitest';
import { menuIconOf } from './menuIcon.tsx';

describe('menuIconOf', () => {
  it('knows antd icon names, with or without the Outlined suffix', () => {
    expect(menuIconOf('SettingOutlined')).toBe(SettingOutlined);
    expect(menuIconOf('setting')).toBe(SettingOutlined);
    expect(menuIconOf('profile')).toBe(ProfileOutlined);
  });

  it("maps BladeX's iconfont names", () => {
    expect(menuIconOf('iconfont iconicon_setting')).toBe(SettingOutlined);
    expect(menuIconOf('iconfont icon-caidan')).toBe(MenuOutlined);
    expect(menuIconOf('icon-caidan')).toBe(MenuOutlined);
  });

  it('falls back to the default icon', () => {
    expect(menuIconOf('iconfont icon-no-such-icon')).toBe(AppstoreOutlined);
    expect(menuIconOf(undefined)).toBe(AppstoreOutlined);
    expect(menuIconOf('')).toBe(AppstoreOutlined);
  });
});
