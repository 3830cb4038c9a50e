// Imported first by benchmarks that render in their own process: React (and the e-mail templates) run their
// production build there, as in the server (src/server/main.ts), and a build started by `ensureBuild` (which
// sets NODE_ENV for Vite) cannot switch React's runtime half-way.
process.env.NODE_ENV ??= 'production';
