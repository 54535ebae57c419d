import path from 'node:path';
import { type Bus, MemoryBus } from './bus.ts';
import { CacheRegistry } from './cache.ts';
import type { Config } from './config.ts';
import type { Database } from './db.ts';
import { Instance, type InstanceOptions } from './instances.ts';
import { JobHandlers, Scheduler } from './jobs.ts';
import { LogWriter } from './logs.ts';
import { Params } from './params.ts';
import { Push } from './push.ts';
import { storedSecret } from './secrets.ts';
import { Sessions } from './sessions.ts';
import { type FileStore, LocalDiskStore } from './storage.ts';
import { TableWrites } from './table-writes.ts';
import { TenantRouter } from './tenant-router.ts';
import { TokenSigner } from './tokens.ts';

/** The services every module uses, built once per process (and once per test app). */
export interface Platform {
  config: Config;
  db: Database;
  /** The same object as `db`: it sends the scopes of a tenant bound to a data source there (tenant-homes.ts). */
  router: TenantRouter;
  bus: Bus;
  cache: CacheRegistry;
  /** Per table, a version every write raises: caches of query results check it. */
  writes: TableWrites;
  signer: TokenSigner;
  sessions: Sessions;
  logs: LogWriter;
  params: Params;
  /** Live push: events to users' open tabs on every instance, over the bus. */
  push: Push;
  files: FileStore;
  /** The handlers scheduled jobs may run; modules register theirs. */
  jobs: JobHandlers;
  /** Runs the tenants' due jobs once started (startApp starts it unless JOBS is off); `execute` runs one now. */
  scheduler: Scheduler;
  /** This instance's row among those sharing the database: its worker id and the lease its job claims hold under. */
  instance: Instance;
  close(): Promise<void>;
}

export async function createPlatform(
  config: Config,
  mainDb: Database,
  bus: Bus = new MemoryBus(),
  opts: { instance?: InstanceOptions } = {},
): Promise<Platform> {
  const router = mainDb instanceof TenantRouter ? mainDb : new TenantRouter(mainDb);
  const db: Database = router;
  // First, so every id made from here on carries the worker id this instance holds.
  const instance = await Instance.register(db, config.workerId, opts.instance);
  const cache = new CacheRegistry(bus);
  const signer = new TokenSigner(config.tokenSecret ?? (await storedSecret(db, 'token')));
  const sessions = await Sessions.load(db, bus);
  const logs = new LogWriter(db, config.nodeEnv);
  const params = new Params(db, cache);
  const jobs = new JobHandlers();
  const scheduler = new Scheduler(db, jobs, logs, instance);
  const push = new Push(bus);
  return {
    config,
    db,
    router,
    bus,
    cache,
    writes: new TableWrites(db, bus),
    signer,
    sessions,
    logs,
    params,
    push,
    files: filesOf(config),
    jobs,
    scheduler,
    instance,
    async close() {
      await scheduler.stop();
      await logs.close();
      await instance.close();
      sessions.close();
      push.close();
      await bus.close();
      await db.close();
    },
  };
}

/** The file store of a data folder: avatars and attachments under `<dataDir>/files`. */
export function filesOf(config: Pick<Config, 'dataDir'>): FileStore {
  return new LocalDiskStore(path.join(config.dataDir, 'files'));
}
