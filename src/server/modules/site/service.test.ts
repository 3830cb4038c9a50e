import { SEO_KEYS } from '@shared/domain/seo';
import de from '@shared/i18n/de.json';
import en from '@shared/i18n/en.json';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { cmsTexts } from '../../db/schema/site';
import { createFakeClock } from '../../test/fake-clock';
import { createTestDatabase } from '../../test/test-db';
import {
  createPageContentSource,
  getPageContent,
  getPageTexts,
  getSeoValues,
  listContent,
  PAGE_CONTENT_TTL_MS,
  translate,
} from './service';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(cmsTexts);
});

type Row = {
  page: string;
  textKey: string;
  locale: 'en' | 'de';
  draftValue?: string | null;
  liveValue?: string | null;
};
const insert = (...rows: Row[]) => database.db.insert(cmsTexts).values(rows);

describe('getPageTexts', () => {
  it('gives every key of the page the built-in translation when nothing is stored', async () => {
    expect(await getPageTexts(database.db, 'home', 'en')).toEqual({
      'hero.subtitle': en['cms.home.hero.subtitle'],
      'hero.title': en['cms.home.hero.title'],
      'hero.description': en['cms.home.hero.description'],
    });
    const german = await getPageTexts(database.db, 'invite', 'de');
    expect(Object.keys(german)).toHaveLength(5);
    expect(german['invite.cta']).toBe(de['cms.invite.invite.cta']);
  });

  it('prefers live over draft over built-in; blank counts as missing', async () => {
    await insert(
      {
        page: 'home',
        textKey: 'hero.title',
        locale: 'en',
        draftValue: 'Draft title',
        liveValue: 'Live title',
      },
      { page: 'home', textKey: 'hero.subtitle', locale: 'en', draftValue: 'Draft subtitle', liveValue: '  ' },
      { page: 'home', textKey: 'hero.description', locale: 'en', draftValue: '', liveValue: null },
    );
    expect(await getPageTexts(database.db, 'home', 'en')).toEqual({
      'hero.title': 'Live title',
      'hero.subtitle': 'Draft subtitle',
      'hero.description': en['cms.home.hero.description'],
    });
  });

  it('reads only the asked page and language, and only the page’s own keys', async () => {
    await insert(
      { page: 'home', textKey: 'hero.title', locale: 'de', liveValue: 'Deutscher Titel' },
      { page: 'invite', textKey: 'hero.title', locale: 'en', liveValue: 'Wrong page' },
      { page: 'home', textKey: 'unknown.key', locale: 'en', liveValue: 'Not a key of home' },
    );
    const texts = await getPageTexts(database.db, 'home', 'en');
    expect(texts['hero.title']).toBe(en['cms.home.hero.title']);
    expect(texts).not.toHaveProperty('unknown.key');
    expect((await getPageTexts(database.db, 'home', 'de'))['hero.title']).toBe('Deutscher Titel');
  });
});

describe('the legal notice', () => {
  it('has no built-in texts: only what staff wrote, live else draft, in that language', async () => {
    const empty = await getPageTexts(database.db, 'legal', 'de');
    expect(Object.keys(empty)).toHaveLength(9);
    expect(Object.values(empty).every((value) => value === '')).toBe(true);

    await insert(
      { page: 'legal', textKey: 'legal.companyName', locale: 'de', liveValue: 'Mirror GmbH' },
      { page: 'legal', textKey: 'legal.address', locale: 'de', draftValue: 'Hauptstraße 1\n10115 Berlin' },
      { page: 'legal', textKey: 'legal.contact', locale: 'en', liveValue: 'hello@example.com' },
    );
    const german = await getPageTexts(database.db, 'legal', 'de');
    expect(german).toMatchObject({
      'legal.companyName': 'Mirror GmbH',
      'legal.address': 'Hauptstraße 1\n10115 Berlin',
      'legal.contact': '',
      'legal.vatId': '',
    });
  });

  it('shows staff no default to fall back to', async () => {
    const page = await listContent(database.db, {
      kind: 'texts',
      page: 'legal',
      locale: 'en',
      appUrl: 'https://mirror.test',
    });
    expect(page?.items.map((item) => item.defaultValue)).toEqual(Array(9).fill(''));
  });
});

describe('getSeoValues', () => {
  it('returns stored SEO values (live, else draft) and leaves missing ones out', async () => {
    await insert(
      { page: 'invite', textKey: 'seo_meta_title', locale: 'en', draftValue: 'Draft', liveValue: 'Live' },
      { page: 'invite', textKey: 'seo_keywords', locale: 'en', draftValue: 'draft, keywords' },
      { page: 'invite', textKey: 'seo_robots', locale: 'en', liveValue: ' ', draftValue: null },
      { page: 'invite', textKey: 'seo_meta_title', locale: 'de', liveValue: 'Deutsch' },
      { page: 'home', textKey: 'seo_meta_title', locale: 'en', liveValue: 'Home' },
    );
    expect(await getSeoValues(database.db, 'invite', 'en')).toEqual({
      seo_meta_title: 'Live',
      seo_keywords: 'draft, keywords',
    });
    expect(await getSeoValues(database.db, 'videos', 'en')).toEqual({});
  });

  it('only knows the SEO keys', async () => {
    await insert({ page: 'invite', textKey: 'invite.cta', locale: 'en', liveValue: 'Join' });
    const values = await getSeoValues(database.db, 'invite', 'en');
    expect(Object.keys(values).every((key) => (SEO_KEYS as readonly string[]).includes(key))).toBe(true);
  });
});

describe('getPageContent', () => {
  it('combines texts and the head, with no texts for pages without CMS keys', async () => {
    await insert({ page: 'invite', textKey: 'seo_meta_title', locale: 'de', liveValue: 'Einladung' });
    const invite = await getPageContent(database.db, {
      page: 'invite',
      locale: 'de',
      appUrl: 'https://m.example',
    });
    expect(invite.locale).toBe('de');
    expect(invite.texts['invite.cta']).toBe(de['cms.invite.invite.cta']);
    expect(invite.seo.title).toBe('Einladung');
    expect(invite.seo.description).toBe(de['seo.invite.description']);
    expect(invite.seo.canonical).toBe('https://m.example/invite?lang=de');
    const videos = await getPageContent(database.db, {
      page: 'videos',
      locale: 'en',
      appUrl: 'https://m.example',
    });
    expect(videos.texts).toEqual({});
    expect(videos.seo.title).toBe(en['seo.videos.title']);
  });
});

describe('translate', () => {
  it('fills placeholders and falls back to English, then the key', () => {
    expect(translate('de', 'routes.reflectDay', { day: '2' })).toBe('Reflexion Tag 2');
    expect(translate('de', 'no.such.key')).toBe('no.such.key');
  });
});

describe('page content source', () => {
  it('reads once per page and language within the TTL, again after it, and at once after invalidate', async () => {
    const clock = createFakeClock();
    const source = createPageContentSource({ db: database.db, clock, appUrl: 'https://mirror.test' });
    const first = await source.get('invite', 'en');
    expect(await source.get('invite', 'en')).toBe(first);
    expect(await source.get('invite', 'de')).not.toBe(first);

    await database.db
      .insert(cmsTexts)
      .values({ page: 'invite', textKey: 'invite.cta', locale: 'en', liveValue: 'Cached?' });
    expect((await source.get('invite', 'en')).texts['invite.cta']).not.toBe('Cached?');
    clock.advance(PAGE_CONTENT_TTL_MS);
    expect((await source.get('invite', 'en')).texts['invite.cta']).toBe('Cached?');

    await database.db.delete(cmsTexts).where(eq(cmsTexts.page, 'invite'));
    source.invalidate();
    expect((await source.get('invite', 'en')).texts['invite.cta']).toBe(en['cms.invite.invite.cta']);
  });
});
