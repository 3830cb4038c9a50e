import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { messageTiers } from './scripts/vite-message-tiers';

const API_PORT = Number(process.env.API_PORT ?? 3001);
/** Decision 053: the size (transformed source) up to which a shared chunk is copied into its users. */
const INLINED_SHARED_CHUNK_MAX_BYTES = 64 * 1024;

/**
 * In production the server writes the language from the locale cookie into <html lang>. The dev server does
 * the same here, so switching language in `npm run dev` survives a reload too.
 */
function devLocale(): Plugin {
  let locale = 'en';
  return {
    name: 'mirror-dev-locale',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.headers.accept?.includes('text/html')) {
          locale = /(?:^|;\s*)locale=(en|de)(?:;|$)/.exec(req.headers.cookie ?? '')?.[1] ?? 'en';
        }
        next();
      });
    },
    transformIndexHtml: (html) => html.replace('<html lang="en"', `<html lang="${locale}"`),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [messageTiers(), react(), tailwindcss(), devLocale()],
  resolve: {
    tsconfigPaths: true,
    // react-i18next asks for the pre-React-18 shim of useSyncExternalStore; React 19 has it built in.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/client/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Nothing is inlined as a data: URL, so the Content-Security-Policy can stay strict for fonts.
    assetsInlineLimit: 0,
    modulePreload: false,
    // The browser build copies shared chunks of up to 64 KiB (source) into the chunks that use them: a page
    // loads a handful of files instead of dozens of small ones (decision 053). Not the server build.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The app, and the landing's own script (decision 059), which a server-rendered landing runs
          // instead of the app.
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            landing: fileURLToPath(new URL('./src/client/landing.ts', import.meta.url)),
          },
          output: {
            codeSplitting: {
              experimentalInlineCommonChunks: {
                maxSize: INLINED_SHARED_CHUNK_MAX_BYTES,
                // Chunks that hold styles stay files, so each stylesheet is emitted once.
                exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
              },
            },
          },
        },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${API_PORT}` },
  },
}));
