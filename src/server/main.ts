/**
 * The server's entry point. Libraries such as React pick their production or development build from
 * NODE_ENV when they are first loaded, and a bundle's imports are all loaded before any of its code runs.
 * So the default that config.ts also assumes (production) is put into the environment here, before the
 * server (a bundle of its own) is loaded.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

// Chosen at run time, so the bundler leaves it alone: tsx runs server.ts, the build has server.js.
const server = import.meta.url.endsWith('.ts') ? './server.ts' : './server.js';
await import(server);
