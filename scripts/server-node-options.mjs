// The Node options every app server process runs with (decision 051): `npm start` (package.json), the
// deployment guide's commands, and every harness that starts `dist/server/main.js` (end-to-end, cluster,
// benchmarks), so what is tested and measured is what runs. A unit test checks that package.json and
// docs/deploy.md name the same options.
//
// --max-semi-space-size=8: V8's young generation at 2 × 8 MB instead of 2 × 16 MB. A campaign to 100,000
// people allocates short-lived objects at a high rate; with the default the server's peak RSS passed 250 MB.
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=8'];
