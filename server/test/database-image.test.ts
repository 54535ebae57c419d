import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_TENANTS, openDatabase } from '../src/platform/db.ts';
import { onPostgres, seededImage } from './harness.ts';

/**
 * An embedded database opened from an image (`imageOf`, as every server test file opens its own) is the seeded
 * database, whole, and a copy of it: what it writes stays out of the image's bytes, so the next open from the
 * same bytes starts from the seeding again. Opened into a data folder, the image is written there, as a server that
 * ran before would have left it.
 */
describe.skipIf(onPostgres)('an embedded database opened from an image', () => {
  it('holds the seeded rows and leaves the image as it was', async () => {
    const image = seededImage();
    const digest = () => createHash('sha256').update(image).digest('hex');
    const before = digest();

    const first = await openDatabase({ image });
    try {
      const [seeded] = await first.tx(ALL_TENANTS, (q) =>
        q.query<{ users: number; menus: number }>(
          'select (select count(*)::int from blade_user) as users, (select count(*)::int from blade_menu) as menus',
        ),
      );
      expect(seeded.users).toBeGreaterThan(0);
      expect(seeded.menus).toBeGreaterThan(100);
      // Enough rows to write new data pages and WAL, and an update in place of seeded pages.
      await first.admin.exec('create table image_probe as select generate_series(1, 50000) as n');
      await first.admin.exec(`update blade_menu set name = name || ' (probe)'`);
      const [written] = await first.adminTx((q) =>
        q.query<{ total: string }>('select sum(n)::text as total from image_probe'),
      );
      expect(written.total).toBe('1250025000');
    } finally {
      await first.close();
    }
    expect(digest()).toBe(before);

    const second = await openDatabase({ image });
    try {
      const [fresh] = await second.adminTx((q) =>
        q.query<{ probe: string | null; changed: number }>(
          `select to_regclass('image_probe')::text as probe,
                  (select count(*)::int from blade_menu where name like '% (probe)') as changed`,
        ),
      );
      expect(fresh).toEqual({ probe: null, changed: 0 });
    } finally {
      await second.close();
    }
  });

  it('refuses bytes that are not a whole image, rather than start an empty database', async () => {
    await expect(openDatabase({ image: new Uint8Array(0) })).rejects.toThrow('holds no database');
    await expect(openDatabase({ image: seededImage().subarray(0, 1_000_000) })).rejects.toThrow('cut short');
  });

  it('written into a data folder, is there when the folder is opened again', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'park-image-')), 'pgdata');
    try {
      const written = await openDatabase({ dir, image: seededImage() });
      await written.admin.exec(
        `update blade_param set param_value = 'from the image' where param_key = 'account.initPassword'`,
      );
      await written.close();
      const reopened = await openDatabase({ dir });
      try {
        const [param] = await reopened.adminTx((q) =>
          q.query<{ value: string }>(
            `select param_value as value from blade_param where param_key = 'account.initPassword'`,
          ),
        );
        expect(param?.value).toBe('from the image');
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
