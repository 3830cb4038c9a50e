import { ensureBuild } from '../bench/support/app.mjs';

/** The cluster runs the production build, as `npm start` does: built first when the sources changed. */
export async function setup() {
  await ensureBuild('cluster test');
}
