import { oss } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { RoutedFileStore } from '../../platform/file-router.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { probe, S3Objects } from '../../platform/s3-store.ts';
import { SECRET_MASK } from '../../resources/secrets.ts';
import { OssSettingsError, OssStores, s3SettingsOf } from './oss-store.ts';
import { mountProviders } from './providers.ts';

/** The connection test's path (not in api-paths.md: the console's own addition, docs/decisions.md). */
export const OSS_TEST_ROUTE = `/api/${oss.api}/test`;

/** The settings the connection test takes from the form; the rest of a row plays no part. */
const SETTINGS = ['category', 'endpoint', 'bucketName', 'accessKey', 'secretKey', 'region', 'appId'] as const;

const STEP = {
  write: { zh: '写入', en: 'writing' },
  read: { zh: '读取', en: 'reading' },
  remove: { zh: '删除', en: 'deleting' },
} as const;

/**
 * blade-resource/oss: the tenant's object storage accounts, one enabled at a time; the enabled one
 * stores the tenant's new files (the platform's file store is routed through them here, where the
 * configurations live). `test` tries a configuration: saved (`id`), as typed in the form (the body),
 * or saved with the form's changes; a secret sent back masked means the saved one.
 */
export function registerOss(app: FastifyInstance, platform: Platform) {
  const stores = new OssStores(platform);
  const resource = mountProviders(app, platform, oss, () => stores.changed());
  if (!(platform.files instanceof RoutedFileStore)) {
    platform.files = new RoutedFileStore(
      platform.files,
      platform.config.s3 ? new S3Objects(platform.config.s3) : undefined,
      stores,
    );
  }

  app.post<{ Querystring: { id?: string }; Body: Record<string, unknown> | undefined }>(
    OSS_TEST_ROUTE,
    { config: { title: `${oss.label.zh}测试连接`, button: `${oss.key}_edit`, privateParams: true } },
    async (req) => {
      const body = req.body && typeof req.body === 'object' ? req.body : {};
      const id = String(body.id ?? req.query.id ?? '').trim();
      let saved: Record<string, unknown> | undefined;
      if (id) {
        if (!isId(id)) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
        // Through the engine: the tenant, deletion and data scope decide which rows the caller may test.
        saved = await resource.detail(id);
        if (!saved) throw notFound();
      }
      const typed = Object.fromEntries(SETTINGS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
      const settings = { ...saved, ...typed } as Record<string, unknown>;
      if (settings.secretKey === SECRET_MASK) settings.secretKey = saved?.secretKey ?? '';
      let store: S3Objects;
      try {
        store = new S3Objects(s3SettingsOf(settings as never), { maxAttempts: 1 });
      } catch (err) {
        if (err instanceof OssSettingsError) throw badRequest(err.text);
        throw err;
      }
      try {
        const failed = await probe(store);
        if (failed) {
          const step = STEP[failed.step];
          throw badRequest({
            zh: `连接失败（${step.zh}测试文件时）：${failed.message}`,
            en: `Connection failed while ${step.en} the test object: ${failed.message}`,
          });
        }
      } finally {
        store.close();
      }
      return ok(true, {
        zh: '连接成功：测试文件已写入、读取并删除',
        en: 'Connected: a test object was written, read back and deleted',
      });
    },
  );
}
