import { describe, expect, it } from 'vitest';
import { assertSafeObjectName, generateObjectName, InvalidObjectNameError } from './storage';

describe('object names', () => {
  it('accepts plain names and one folder level', () => {
    for (const name of [
      '1.m4v',
      '2-poster.webp',
      'newsletter-gif/1764000000000.gif',
      'A_b.c-d',
      'x'.repeat(200),
    ]) {
      expect(() => assertSafeObjectName(name), name).not.toThrow();
    }
  });

  it('rejects anything that could leave the bucket or hide a file', () => {
    for (const name of [
      '',
      '../x',
      '..',
      'a/../b',
      'a/b/c',
      '.hidden',
      'folder/.hidden',
      '/abs',
      'trailing/',
      'a//b',
      'x\0y',
      'back\\slash',
      'sp ace',
      'ümlaut',
      'x'.repeat(201),
      'y'.repeat(300),
    ]) {
      expect(() => assertSafeObjectName(name), JSON.stringify(name)).toThrow(InvalidObjectNameError);
    }
  });
});

describe('generateObjectName', () => {
  const now = new Date('2026-03-02T09:00:00.000Z');

  it('is the timestamp, eight random base-36 characters and the extension', () => {
    const name = generateObjectName('mp4', now);
    expect(name).toMatch(/^1772442000000-[0-9a-z]{8}\.mp4$/);
    expect(() => assertSafeObjectName(name)).not.toThrow();
  });

  it('differs between calls at the same moment', () => {
    const names = new Set(Array.from({ length: 50 }, () => generateObjectName('gif', now)));
    expect(names.size).toBe(50);
  });

  it('refuses extensions that are not short lowercase alphanumerics', () => {
    for (const extension of ['', 'MP4', '.mp4', 'mp4/x', 'toolongext', 'a b']) {
      expect(() => generateObjectName(extension, now), extension).toThrow(InvalidObjectNameError);
    }
  });
});
