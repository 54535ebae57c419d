import { Flex, Spin } from 'antd';

/** Shown while a screen's code or first data loads. */
export function PageSpin({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 240 }}>
      <Spin size="large" />
    </Flex>
  );
}
