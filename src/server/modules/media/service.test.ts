import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesystemStorage } from '../../lib/storage/filesystem-storage';
import type { Storage } from '../../lib/storage/storage';
import { createFakeClock } from '../../test/fake-clock';
import { DEFAULT_MEDIA_FILES, seedDefaultMedia } from './service';

const SHIPPED_MEDIA_DIR = fileURLToPath(new URL('../../../../assets/default-media', import.meta.url));

let dir: string;
let source: string;
let storage: Storage;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-seed-'));
  source = path.join(dir, 'source');
  fs.mkdirSync(path.join(source, 'videos'), { recursive: true });
  for (const name of DEFAULT_MEDIA_FILES)
    fs.writeFileSync(path.join(source, 'videos', name), `default ${name}`);
  storage = createFilesystemStorage(path.join(dir, 'storage'), { clock: createFakeClock() });
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const read = async (name: string) => text((await storage.get('videos', name))?.body ?? Readable.from([]));

describe('seedDefaultMedia', () => {
  it('covers both background videos and their posters', () => {
    expect(DEFAULT_MEDIA_FILES).toEqual(['1.m4v', '1-poster.webp', '2.m4v', '2-poster.webp']);
  });

  it('copies missing files with their types, then does nothing on the next start', async () => {
    expect(await seedDefaultMedia(storage, source)).toEqual({ seeded: DEFAULT_MEDIA_FILES, missing: [] });
    expect(await read('1.m4v')).toBe('default 1.m4v');
    expect((await storage.stat('videos', '2.m4v'))?.contentType).toBe('video/mp4');
    expect((await storage.stat('videos', '2-poster.webp'))?.contentType).toBe('image/webp');
    expect(await seedDefaultMedia(storage, source)).toEqual({ seeded: [], missing: [] });
  });

  it('never overwrites a file an admin replaced', async () => {
    const replaced = await storage.put('videos', '2.m4v', Readable.from([Buffer.from('admin upload')]), {
      maxBytes: 100,
      contentType: 'video/mp4',
    });
    const result = await seedDefaultMedia(storage, source);
    expect(result.seeded).toEqual(['1.m4v', '1-poster.webp', '2-poster.webp']);
    expect(await read('2.m4v')).toBe('admin upload');
    expect(await storage.stat('videos', '2.m4v')).toEqual(replaced);
  });

  it('reports files missing from the source instead of failing', async () => {
    fs.rmSync(path.join(source, 'videos', '1-poster.webp'));
    expect(await seedDefaultMedia(storage, source)).toEqual({
      seeded: ['1.m4v', '2.m4v', '2-poster.webp'],
      missing: ['1-poster.webp'],
    });
  });

  it('finds every default file in the repository', async () => {
    const result = await seedDefaultMedia(storage, SHIPPED_MEDIA_DIR);
    expect(result).toEqual({ seeded: DEFAULT_MEDIA_FILES, missing: [] });
  });
});
