import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { menuIconName, menuIconOf } from './menuIcon.tsx';

describe('menuIconName', () => {
  it('knows antd icon names, with or without the Outlined suffix', () => {
    expect(menuIconName('SettingOutlined')).toBe('SettingOutlined');
    expect(menuIconName('setting')).toBe('SettingOutlined');
    expect(menuIconName('profile')).toBe('ProfileOutlined');
  });

  it("maps BladeX's iconfont names", () => {
    expect(menuIconName('iconfont iconicon_setting')).toBe('SettingOutlined');
    expect(menuIconName('iconfont icon-caidan')).toBe('MenuOutlined');
    expect(menuIconName('icon-caidan')).toBe('MenuOutlined');
  });

  it('falls back to the default icon', () => {
    expect(menuIconName('iconfont icon-no-such-icon')).toBe('AppstoreOutlined');
    expect(menuIconName(undefined)).toBe('AppstoreOutlined');
    expect(menuIconName('')).toBe('AppstoreOutlined');
  });
});

describe('menuIconOf', () => {
  it('gives one component per icon, whatever name the menu used', () => {
    expect(menuIconOf('setting')).toBe(menuIconOf('iconfont iconicon_setting'));
    expect(menuIconOf('setting')).not.toBe(menuIconOf('profile'));
  });

  it('holds the place with the class it is given, then draws the icon once its code has come', async () => {
    const { container, findByRole } = render(createElement(menuIconOf('SettingOutlined'), { className: 'given' }));
    expect(container.querySelector('.anticon.given')).not.toBeNull();
    const icon = await findByRole('img', { name: 'setting' });
    expect(icon.classList.contains('given')).toBe(true);
  });
});
