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

/**
 * Every failed test, whatever failed (an address the guard refuses, a refused connection, a timeout,
 * an answer that is no S3, wrong keys), answers this alone: nothing tells what kind of service is
 * at an address (issue 28). The store's own words go to the server's log, for the operator.
 */
const TEST_FAILED = {
  zh: '连接测试失败：无法连接到该存储，请检查地址、端口、空间名与密钥',
  en: 'Connection test failed: the store could not be reached; check the address, the port, the bucket and the keys',
};
/** Short: a test waits on a person, and an address that never answers must not hold the request. */
const TEST_TIMEOUT_MS = 10_000;

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
        store = new S3Objects(s3SettingsOf(settings as never), {
          maxAttempts: 1,
          requestTimeoutMs: TEST_TIMEOUT_MS,
          outbound: platform.config.outbound,
        });
      } catch (err) {
        if (err instanceof OssSettingsError) throw badRequest(err.text);
        throw err;
      }
      try {
        const failed = await probe(store);
        if (failed) {
          req.log.warn(
            { reqId: req.id, step: failed.step, error: failed.message },
            'object storage connection test failed',
          );
          throw badRequest(TEST_FAILED);
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
