// Builds the client (Vite) into dist/client with .br/.gz variants, and the server (esbuild) into dist/server.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT, STAMP_FILE, sourceHash } from './build-stamp.mjs';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function compressTree(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) compressTree(full);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const body = fs.readFileSync(full);
    if (body.length < 512) continue;
    fs.writeFileSync(
      `${full}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    fs.writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
  }
}

/** Marks every package import external, but those matching `bundled` (and what they import in turn). */
function externalPackagesExcept(bundled) {
  return {
    name: 'external-packages-except',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        // The project's own path aliases (tsconfig "paths") are sources, not packages.
        if (bundled.test(args.path) || /^@(shared|server|client)\//.test(args.path)) return undefined;
        // Imports from inside a bundled package resolve normally, so its own dependencies come along.
        if (/node_modules[\\/]@react-email[\\/]/.test(args.importer) && args.path.startsWith('@react-email/'))
          return undefined;
        return { external: true };
      });
    },
  };
}

/**
 * public/boot.js is copied as written, comments and all. It runs in every server-rendered page's <head>,
 * before the first paint (decision 061), and is the one script a page under the veil loads before anyone
 * is there (decision 056). So the served copy is minified, wrapped so its names stay its own (it is a
 * classic script), and named by its content under assets/: cached for a year, it costs a repeat visit
 * nothing.
 */
async function buildBootScript(clientDir) {
  const esbuild = await import('esbuild');
  const source = path.join(clientDir, 'boot.js');
  const { code } = await esbuild.transform(fs.readFileSync(source, 'utf8'), {
    minify: true,
    format: 'iife',
    target: 'es2022',
    legalComments: 'none',
  });
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  fs.writeFileSync(path.join(clientDir, 'assets', `boot-${hash}.js`), code);
  fs.rmSync(source);
}

/**
 * The server's entry points bundled into `outdir` (packages stay in node_modules), with the files they read
 * beside them. `outdir` must sit two levels below the project, as dist/server does: the server finds the
 * client build and the default media at `../../` from its entry points. The vitest integration project
 * bundles into a folder of its own for the server processes its tests start (src/server/test/global-setup.ts).
 */
export async function buildServer({ outdir = path.join(ROOT, 'dist', 'server') } = {}) {
  const esbuild = await import('esbuild');
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [
      'src/server/main.ts',
      'src/server/server.ts',
      'src/server/admin-cli.ts',
      'src/server/ops-cli.ts',
      'src/server/keys-cli.ts',
    ],
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'esm',
    // Modules loaded with import() (the S3 driver) become chunks, so their packages load only when used.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // Packages stay in node_modules, except the e-mail components: bundled, only those the templates use
    // are loaded (the package holds all of them, with a syntax highlighter).
    plugins: [externalPackagesExcept(/^@react-email\/components$/)],
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(ROOT, 'src/server/db/migrations'), path.join(outdir, 'db/migrations'), {
    recursive: true,
  });
  // The prompt library is read at start (seedPrompts), from the same place relative to main.
  fs.cpSync(
    path.join(ROOT, 'src/server/modules/journal/prompt-library'),
    path.join(outdir, 'modules/journal/prompt-library'),
    { recursive: true },
  );
}

export async function build({ quiet = false } = {}) {
  const started = Date.now();
  const hash = sourceHash();
  fs.rmSync(STAMP_FILE, { force: true });

  const vite = await import('vite');
  await vite.build({
    root: ROOT,
    logLevel: quiet ? 'warn' : 'info',
    configFile: path.join(ROOT, 'vite.config.ts'),
  });
  await buildBootScript(path.join(ROOT, 'dist', 'client'));
  compressTree(path.join(ROOT, 'dist', 'client'));
  // The server-rendering build of the same client (decision 013), loaded by the server at run time.
  await vite.build({
    root: ROOT,
    logLevel: quiet ? 'warn' : 'info',
    configFile: path.join(ROOT, 'vite.config.ts'),
    build: {
      ssr: 'src/client/entry-server.tsx',
      outDir: 'dist/ssr',
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
    // Bundled, so the server loads only the icons and Radix parts the pages use (the packages hold all).
    ssr: { noExternal: ['lucide-react', 'radix-ui'] },
  });

  await buildServer();

  fs.writeFileSync(STAMP_FILE, `${hash}\n`);
  if (!quiet) console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await build();
}
