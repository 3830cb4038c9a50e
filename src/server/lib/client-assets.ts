import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { TLocale } from '@shared/domain/locale';

/**
 * The built single-page app, read once at start. Hashed files under /assets/ are cached for a year;
 * everything else is revalidated. Compressed variants (.br, .gz) are written at build time.
 */
export type Encoding = 'br' | 'gzip' | 'identity';

export type StaticFile = {
  contentType: string;
  etag: string;
  immutable: boolean;
  variants: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
};

export type ClientAssets = {
  files: ReadonlyMap<string, StaticFile>;
  /**
   * The app's HTML in a language. `head` replaces the static <title> and description of index.html (the
   * page's own head, already escaped); `data` goes before </body> (inline JSON for the client).
   */
  /**
   * The app's HTML: the page's head, its data for the client, the server-rendered markup of #root, and
   * preloads for the language, the fonts and the chunks and images of `modules` (Vite manifest keys), and
   * `fetches`: same-origin API addresses the page's code will ask for (GET, no extra headers), after the code.
   */
  renderHtml(options: {
    locale: TLocale;
    head?: string;
    data?: string;
    body?: string;
    /**
     * A server-rendered page's own script (a Vite manifest key, decision 059), started by boot.js instead of
     * the app: only it and its imports load, and `data` (the app's, for hydrating) is left out.
     */
    script?: string;
    /**
     * A server-rendered page that is whole as served (decision 062): boot.js starts its code once someone is
     * there, not right after the first paint (a page under the reveal veil waits for someone anyway).
     */
    waitsForSomeone?: boolean;
    modules?: string[];
    fetches?: string[];
  }): string;
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
};

export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** The best encoding the client accepts among those available. */
export function pickEncoding(acceptEncoding: string | undefined, available: Iterable<Encoding>): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  const have = new Set(available);
  if (have.has('br') && accepted.has('br')) return 'br';
  if (have.has('gzip') && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return 'identity';
}

export function compressVariants(body: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(body, { level: 6 }),
  };
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

type ViteManifest = Record<string, { file: string; imports?: string[]; assets?: string[] }>;

/** public/boot.js as the build names it, by its content (scripts/build.mjs); the e2e fixture's too. */
export const BOOT_SCRIPT = /^\/assets\/boot-[\w-]+\.js$/;

/** The fonts of the first paint (latin subsets of the body and heading faces): fetched before the CSS asks. */
const FIRST_PAINT_FONTS = /(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/;

export class ClientNotBuiltError extends Error {
  override name = 'ClientNotBuiltError';
}

export async function loadClientAssets(dir: string): Promise<ClientAssets> {
  const template = await readOptional(path.join(dir, 'index.html'));
  if (!template) {
    throw new ClientNotBuiltError(
      `The client is not built: ${path.join(dir, 'index.html')} is missing. Run npm run build.`,
    );
  }

  const files = new Map<string, StaticFile>();
  for await (const file of walk(dir)) {
    if (/\.(br|gz)$/.test(file) || file === path.join(dir, 'index.html')) continue;
    const urlPath = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    const identity = await fs.readFile(file);
    const [br, gzip] = await Promise.all([readOptional(`${file}.br`), readOptional(`${file}.gz`)]);
    files.set(urlPath, {
      contentType: contentTypeOf(file),
      etag: etagOf(identity),
      immutable: urlPath.startsWith('/assets/'),
      variants: { identity, ...(br && { br }), ...(gzip && { gzip }) },
    });
  }

  // Runs in the <head> of every server-rendered page, before its first paint (decision 061).
  const bootScript = [...files.keys()].find((file) => BOOT_SCRIPT.test(file));
  if (!bootScript) {
    throw new ClientNotBuiltError(
      `The client build in ${dir} has no boot script (assets/boot-<hash>.js). Run npm run build.`,
    );
  }

  const manifestBytes = await readOptional(path.join(dir, '.vite', 'manifest.json'));
  const manifest: ViteManifest = manifestBytes ? JSON.parse(manifestBytes.toString('utf8')) : {};
  // The public pages' texts (a first visit's), built by vite.config.ts from src/shared/i18n/<locale>.json.
  const localeChunk = (locale: TLocale) => manifest[`src/shared/i18n/${locale}.public.json`]?.file;

  const html = template.toString('utf8');
  const withoutStaticHead = stripStaticHead(html);
  const fontPreloads = (manifest['index.html']?.assets ?? [])
    .filter((asset) => FIRST_PAINT_FONTS.test(asset))
    .map((font) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`);

  // The entry and its static imports.
  const inTemplate = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const entry = manifest[key];
    if (!entry || into.has(entry.file)) return;
    into.add(entry.file);
    for (const imported of entry.imports ?? []) collect(imported, into);
  };
  collect('index.html', inTemplate);

  const entryFile = manifest['index.html']?.file ?? '';
  const entryScript = /<script type="module" crossorigin src="[^"]+"><\/script>/;
  const templateScripts = [...inTemplate].filter((file) => file !== entryFile);

  /** The chunks of `modules` and everything they import, except what the entry brings anyway. */
  const moduleScripts = (modules: string[]) => {
    const scripts = new Set<string>();
    for (const module of modules) collect(module, scripts);
    return [...scripts].filter((file) => !inTemplate.has(file));
  };
  /**
   * A page's own script (decision 059): its file and the chunks it imports. A build without it (none of
   * ours) leaves the page to the app, which runs every page.
   */
  const pageScript = (key: string) => {
    const file = manifest[key]?.file;
    if (!file) return undefined;
    const imports = new Set<string>();
    collect(key, imports);
    imports.delete(file);
    return { file, imports: [...imports] };
  };
  /** Images the page's modules import (above the fold as a rule): fetched early, ahead of other images. */
  const moduleImages = (modules: string[]) =>
    modules
      .flatMap((module) => manifest[module]?.assets ?? [])
      .filter((asset) => /\.(svg|png|jpe?g|webp|avif)$/.test(asset))
      .map((image) => `<link rel="preload" as="image" fetchpriority="high" href="/${image}">`);

  return {
    files,
    renderHtml({ locale, head, data, body, script, waitsForSomeone, modules = [], fetches = [] }) {
      const chunk = localeChunk(locale);
      const own = body && script ? pageScript(script) : undefined;
      if (own) data = undefined;
      const scripts = own
        ? own.imports
        : [...templateScripts, ...(chunk ? [chunk] : []), ...moduleScripts(modules)];
      // A server-rendered page paints before its code loads: the boot script starts the app (or the page's
      // own script) after the first paint. A page the browser renders needs its code at once: preload all of it.
      const loading = body
        ? [
            `<meta name="mirror-boot" data-entry="/${own?.file ?? entryFile}" data-modules="${scripts.map((file) => `/${file}`).join(' ')}"${waitsForSomeone ? ' data-wait="someone"' : ''}>`,
          ]
        : scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      // The code's own fetch() takes these over when it asks (same address, `crossorigin` for its CORS mode).
      // After the code: over HTTP/1.1's six connections, what the main thread waits for goes first (060).
      const dataPreloads = fetches.map(
        (url) => `<link rel="preload" as="fetch" crossorigin href="${attributeValue(url)}">`,
      );
      const preloads = [...loading, ...dataPreloads, ...fontPreloads, ...moduleImages(modules)].map(
        (link) => `${link}\n  `,
      );
      // The template's own markers are replaced before any page content goes in.
      let out = (head === undefined ? html : withoutStaticHead)
        .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
        .replace('</head>', () => `${preloads.join('')}</head>`);
      // A classic script, so it runs before the page behind it is parsed and painted: what the page shows
      // can be tapped only once its listeners are there (decision 061).
      if (body) out = out.replace(entryScript, `<script src="${bootScript}"></script>`);
      if (data) out = out.replace('</body>', () => `${data}\n  </body>`);
      if (body) out = out.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
      return head === undefined ? out : out.replace(HEAD_SLOT, () => head);
    },
  };
}

const HEAD_SLOT = '<!--mirror-head-->';

/** A server-built address as a double-quoted attribute value. */
function attributeValue(url: string): string {
  return url.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

/**
 * index.html carries a plain <title> and description for `npm run dev`; served pages get their own. Leaves
 * a slot where the title was, so the page's head keeps its place near the top.
 */
function stripStaticHead(html: string): string {
  const withSlot = /<title>[\s\S]*?<\/title>/.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/, HEAD_SLOT)
    : html.replace('</head>', `${HEAD_SLOT}\n  </head>`);
  return withSlot.replace(/[ \t]*<meta\s+name="description"[^>]*>\r?\n?/i, '');
}
