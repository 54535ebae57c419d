import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Full screen on and off; follows Esc and F11 too, through the browser's own event. */
export function FullScreenButton() {
  const { t } = useTranslation('shell');
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const label = full ? t('exitFullScreen') : t('fullScreen');
  const toggle = () =>
    void (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        onClick={toggle}
      />
    </Tooltip>
  );
}
