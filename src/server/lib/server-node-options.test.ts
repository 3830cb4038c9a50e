import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_OPTIONS } from '../../../scripts/server-node-options.mjs';

// Decision 051: the app server runs with these Node options wherever it is started. The harnesses import the
// list; package.json and the deployment guide cannot, so they are checked here.
const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('the server’s Node options', () => {
  it('are what `npm start` runs with', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start).toBe(`node ${SERVER_NODE_OPTIONS.join(' ')} scripts/start.mjs`);
  });

  it('are in every command of the deployment guide that starts the server', () => {
    const guide = fs.readFileSync(path.join(ROOT, 'docs/deploy.md'), 'utf8');
    const commands = guide.match(/node [^`\n]*dist\/server\/main\.js/g) ?? [];
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      expect(command).toMatch(new RegExp(`node ${SERVER_NODE_OPTIONS.join(' ')} dist/server/main\\.js`));
    }
  });
});
