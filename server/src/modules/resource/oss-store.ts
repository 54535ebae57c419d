import type { Bilingual } from '../../platform/errors.ts';
import type { StoreChoice, TenantStores } from '../../platform/file-router.ts';
import type { Platform } from '../../platform/platform.ts';
import { S3Objects, type S3Settings } from '../../platform/s3-store.ts';
import { ENABLED } from './providers.ts';

/**
 * The stores of the tenants' 对象存储 configurations (blade_oss): every category through the S3
 * protocol (the AWS SDK), MinIO at its own address, Aliyun OSS, Tencent COS and Qiniu at the
 * S3-compatible endpoints they offer. A configuration's store is known by `oss-<row id>`, the
 * first part of the names of the files put there; it is reached with the row's settings as they
 * are now, enabled or not (a row removed later still names where its files are).
 */
export const OSS_STORE_CACHE = 'oss-store';

/** Dictionary `oss`. */
export const OSS_CATEGORY = { minio: 1, qiniu: 2, aliyun: 3, tencent: 4 } as const;

/** A configuration's settings, as stored or as typed in the form. */
export type OssSettings = {
  category: number;
  endpoint: string;
  bucketName: string;
  accessKey: string;
  secretKey: string;
  region?: string | null;
  appId?: string | null;
};

export class OssSettingsError extends Error {
  constructor(readonly text: Bilingual) {
    super(text.en);
  }
}

const hostOf = (url: string) => new URL(url).hostname.toLowerCase();

/**
 * How a configuration reaches its bucket over S3:
 * - MinIO (1): the endpoint as given (http:// when no scheme), path-style, region as given or us-east-1.
 * - Qiniu (2): `https://s3.<region>.qiniucs.com`, virtual-hosted; the endpoint as given when it is
 *   already a qiniucs.com address (the region then read from it), else built from the region.
 * - Aliyun OSS (3): `https://s3.oss-<region>.aliyuncs.com`, virtual-hosted, region `cn-hangzhou`
 *   style; BladeX's usual `oss-cn-hangzhou.aliyuncs.com` (or `-internal`, or with the bucket in
 *   front) is turned into it; another address (a custom domain) is used as given with the region.
 * - Tencent COS (4): `https://cos.<region>.myqcloud.com`, virtual-hosted, the bucket `<name>-<appId>`
 *   (the AppId appended when the name lacks it); endpoint and region as for Qiniu.
 * An endpoint without a scheme gets https:// (MinIO: http://).
 */
export function s3SettingsOf(row: OssSettings): S3Settings {
  const category = Number(row.category);
  let endpoint = String(row.endpoint ?? '')
    .trim()
    .replace(/\/+$/, '');
  const bucket = String(row.bucketName ?? '').trim();
  let region = String(row.region ?? '').trim();
  const accessKey = String(row.accessKey ?? '').trim();
  const secretKey = String(row.secretKey ?? '').trim();
  if (!endpoint) throw new OssSettingsError({ zh: '请输入资源地址', en: 'Please enter the endpoint' });
  if (!bucket) throw new OssSettingsError({ zh: '请输入空间名', en: 'Please enter the bucket' });
  if (!accessKey || !secretKey) {
    throw new OssSettingsError({
      zh: '请输入 accessKey 和 secretKey',
      en: 'Please enter the access key and the secret key',
    });
  }
  if (!/^https?:\/\//i.test(endpoint)) {
    endpoint = `${category === OSS_CATEGORY.minio ? 'http' : 'https'}://${endpoint}`;
  }
  try {
    hostOf(endpoint);
  } catch {
    throw new OssSettingsError({
      zh: `资源地址无效：${row.endpoint}`,
      en: `The endpoint is not a valid address: ${row.endpoint}`,
    });
  }
  const credentials = { accessKey, secretKey };
  switch (category) {
    case OSS_CATEGORY.minio:
      return { endpoint, bucket, region: region || 'us-east-1', pathStyle: true, ...credentials };
    case OSS_CATEGORY.qiniu: {
      const m = /^s3[.-]([a-z0-9-]+)\.qiniucs\.com$/.exec(hostOf(endpoint));
      if (m) region ||= m[1];
      else if (region) endpoint = `https://s3.${region}.qiniucs.com`;
      return { endpoint, bucket, region: region || 'cn-east-1', pathStyle: false, ...credentials };
    }
    case OSS_CATEGORY.aliyun: {
      region = region.replace(/^oss-/, '');
      const m = /(?:^|\.)(?:s3\.)?oss-([a-z0-9-]+?)(-internal)?\.aliyuncs\.com$/.exec(hostOf(endpoint));
      if (m) {
        region ||= m[1];
        endpoint = `https://s3.oss-${m[1]}${m[2] ?? ''}.aliyuncs.com`;
      }
      if (!region) {
        throw new OssSettingsError({
          zh: '请填写 Region（如 cn-hangzhou）',
          en: 'Please enter the region (e.g. cn-hangzhou)',
        });
      }
      return { endpoint, bucket, region, pathStyle: false, ...credentials };
    }
    case OSS_CATEGORY.tencent: {
      const m = /^cos\.([a-z0-9-]+)\.myqcloud\.com$/.exec(hostOf(endpoint));
      if (m) region ||= m[1];
      else if (region) endpoint = `https://cos.${region}.myqcloud.com`;
      if (!region) {
        throw new OssSettingsError({
          zh: '请填写 Region（如 ap-guangzhou）',
          en: 'Please enter the region (e.g. ap-guangzhou)',
        });
      }
      const appId = String(row.appId ?? '').trim();
      const named = appId && !bucket.endsWith(`-${appId}`) ? `${bucket}-${appId}` : bucket;
      return { endpoint, bucket: named, region, pathStyle: false, ...credentials };
    }
    default:
      throw new OssSettingsError({ zh: '请选择分类', en: 'Please select the provider' });
  }
}

const COLUMNS = `id::text as id, category, endpoint, bucket_name as "bucketName", access_key as "accessKey",
  secret_key as "secretKey", region, app_id as "appId"`;

/**
 * The tenants' stores as the file router asks for them, cached per tenant (and per configuration
 * read from) until any 对象存储 configuration changes: the oss module drops the cache on every
 * save, removal and enable, on every instance (the cache registry's bus).
 */
export class OssStores implements TenantStores {
  /**
   * One client per distinct settings, whatever the cache does: while the bus is cut off the cache
   * keeps nothing, and a client per request would leave its connections open behind it.
   */
  private readonly clients = new Map<string, S3Objects>();

  constructor(private readonly platform: Platform) {}

  current(tenantId: string): Promise<StoreChoice | undefined> {
    return this.platform.cache.get(OSS_STORE_CACHE, `current:${tenantId}`, async () => {
      const [row] = await this.platform.db.scoped(tenantId, (q) =>
        q.query<OssSettings & { id: string }>(
          `select ${COLUMNS} from blade_oss where tenant_id = $1 and is_deleted = 0 and status = ${ENABLED} limit 1`,
          [tenantId],
        ),
      );
      const objects = row && this.storeOf(row);
      return objects ? { id: `oss-${row.id}`, objects } : undefined;
    });
  }

  byId(tenantId: string, id: string): Promise<S3Objects | undefined> {
    const rowId = /^oss-(\d{1,20})$/.exec(id)?.[1];
    if (!rowId) return Promise.resolve(undefined);
    return this.platform.cache.get(OSS_STORE_CACHE, `row:${tenantId}:${rowId}`, async () => {
      const [row] = await this.platform.db.scoped(tenantId, (q) =>
        q.query<OssSettings & { id: string }>(`select ${COLUMNS} from blade_oss where id = $1 and tenant_id = $2`, [
          rowId,
          tenantId,
        ]),
      );
      return row ? this.storeOf(row) : undefined;
    });
  }

  /** Forgets every tenant's store, here and on every instance (after the caller's transaction). */
  changed(): Promise<void> {
    return this.platform.cache.invalidate(OSS_STORE_CACHE);
  }

  private storeOf(row: OssSettings & { id: string }): S3Objects | undefined {
    try {
      const settings = s3SettingsOf(row);
      const key = JSON.stringify(settings);
      let objects = this.clients.get(key);
      if (!objects) {
        // Settings edited many times over leave old clients behind: past a bound, start afresh.
        if (this.clients.size >= 100) this.clients.clear();
        objects = new S3Objects(settings, { outbound: this.platform.config.outbound });
        this.clients.set(key, objects);
      }
      return objects;
    } catch (err) {
      if (!(err instanceof OssSettingsError)) throw err;
      // A configuration the store cannot be reached with: its files are not served, new files go elsewhere.
      this.platform.logs.event('warn', 'oss.settings', `对象存储配置 ${row.id} 无法使用：${err.text.zh}`);
      return undefined;
    }
  }
}
