import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { messageTiers } from './scripts/vite-message-tiers';

const API_PORT = Number(process.env.API_PORT ?? 3001);

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

export default defineConfig({
  plugins: [messageTiers(), react(), tailwindcss(), devLocale()],
  resolve: { tsconfigPaths: true },
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Nothing is inlined as a data: URL, so the Content-Security-Policy can stay strict for fonts.
    assetsInlineLimit: 0,
    modulePreload: false,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${API_PORT}` },
  },
});
