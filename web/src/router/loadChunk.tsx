import { WarningFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec part 8: a screen's code that has not arrived after this long is given up on. */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * Shown instead of a screen whose code failed or timed out: usually the network, or a new version deployed.
 * Laid out as antd's Result warning, without Result, whose three illustrations would weigh on the first chunk.
 */
export function ChunkFailed() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" gap={token.marginMD} style={{ minHeight: 320, padding: 32 }}>
      <WarningFilled style={{ fontSize: 72, color: token.colorWarning }} />
      <div style={{ fontSize: token.fontSizeHeading3, color: token.colorTextHeading, textAlign: 'center' }}>
        {t('chunkFailed')}
      </div>
      <div style={{ color: token.colorTextDescription, textAlign: 'center' }}>{t('chunkFailedDetail')}</div>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </Flex>
  );
}

/** Loads a screen's chunk; a failure, or no answer within the timeout, gives the reload message instead. */
export function loadChunk<P>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Promise<{ default: ComponentType<P> }> {
  const failed = { default: ChunkFailed as ComponentType<P> };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof failed>((resolve) => {
    timer = setTimeout(() => resolve(failed), CHUNK_TIMEOUT_MS);
  });
  return Promise.race([load().catch(() => failed), timeout]).finally(() => clearTimeout(timer));
}

/** React.lazy with the timeout and failure message of loadChunk. */
export function lazyScreen<P>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadChunk(load));
}
