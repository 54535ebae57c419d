import type { S3Objects } from './s3-store.ts';
import {
  type FileBody,
  type FileStore,
  mimeOf,
  newKey,
  type ObjectStore,
  type ParsedName,
  parseStoredName,
  readAll,
  type StoredFile,
} from './storage.ts';

/** A store files can go to, and the name part (`env`, `oss-<id>`) that its stored names start with. */
export interface StoreChoice {
  id: string;
  objects: ObjectStore;
}

/** The tenants' own stores (their 对象存储 configurations), as the resource module reads them. */
export interface TenantStores {
  /** Where the tenant's new files go now: its enabled configuration's store, or undefined for none. */
  current(tenantId: string): Promise<StoreChoice | undefined>;
  /** The store of a configuration by its name part (`oss-<id>`), enabled or not, to read what was put there. */
  byId(tenantId: string, id: string): Promise<ObjectStore | undefined>;
}

/**
 * The file store every upload and file link goes through: a tenant's new files go to its enabled
 * 对象存储 configuration, else to the server-wide store of `S3_*`, else to the local disk; a stored
 * name is read from the store it names, whatever the tenant uses now.
 */
export class RoutedFileStore implements FileStore {
  constructor(
    readonly local: FileStore,
    readonly env: S3Objects | undefined,
    readonly tenants: TenantStores,
  ) {}

  /** Where the tenant's next file goes: its store's id (`local`, `env`, `oss-<id>`). */
  async storeOf(tenantId: string): Promise<StoreChoice | undefined> {
    return (await this.tenants.current(tenantId)) ?? (this.env ? { id: 'env', objects: this.env } : undefined);
  }

  async put(tenantId: string, ext: string, body: FileBody): Promise<string> {
    const chosen = await this.storeOf(tenantId);
    if (!chosen) return this.local.put(tenantId, ext, body);
    const key = newKey(tenantId, ext);
    await chosen.objects.write(key, body, mimeOf(key));
    return `${chosen.id}/${key}`;
  }

  async open(name: string): Promise<StoredFile | undefined> {
    const parsed = parseStoredName(name);
    if (!parsed) return undefined;
    if (parsed.store === 'local') return this.local.open(name);
    return (await this.objectsOf(parsed))?.read(parsed.key);
  }

  async remove(name: string): Promise<void> {
    const parsed = parseStoredName(name);
    if (!parsed) return;
    if (parsed.store === 'local') return this.local.remove(name);
    await (await this.objectsOf(parsed))?.remove(parsed.key);
  }

  /** The store a stored name names (not the local disk): the server-wide one, or a 对象存储 row's. */
  private async objectsOf(parsed: ParsedName): Promise<ObjectStore | undefined> {
    return parsed.store === 'env' ? this.env : this.tenants.byId(parsed.tenantId, parsed.store);
  }

  async get(name: string): Promise<Buffer | undefined> {
    return readAll(await this.open(name));
  }
}
