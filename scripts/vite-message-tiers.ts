// A Vite plugin shared by vite.config.ts and vitest.config.ts.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { type MessageTier, messagesOfTier } from '../src/client/lib/message-tiers';

const MESSAGE_TIER_IMPORT = /^@shared\/i18n\/(en|de)\.(public|rest)\.json$/;
const MESSAGE_TIER_FILE = /[\\/]src[\\/]shared[\\/]i18n[\\/](en|de)\.(public|rest)\.json$/;

/**
 * `@shared/i18n/<locale>.<tier>.json`: the keys of one tier of src/shared/i18n/<locale>.json
 * (src/client/lib/message-tiers.ts), so a first visit downloads the public pages' texts only (decision 030).
 */
export function messageTiers(): Plugin {
  return {
    name: 'mirror-message-tiers',
    enforce: 'pre',
    resolveId(source) {
      if (!MESSAGE_TIER_IMPORT.test(source)) return null;
      return path.join(import.meta.dirname, '..', 'src', source.slice('@'.length));
    },
    load(id) {
      const match = MESSAGE_TIER_FILE.exec(id);
      if (!match) return null;
      const source = path.join(path.dirname(id), `${match[1]}.json`);
      this.addWatchFile(source);
      const messages = JSON.parse(fs.readFileSync(source, 'utf8')) as Record<string, string>;
      return JSON.stringify(messagesOfTier(messages, match[2] as MessageTier));
    },
  };
}
