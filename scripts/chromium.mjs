// The Chromium every tool here drives (Playwright, Lighthouse, the social-card renderer): Debian's package,
// or CHROME_PATH, started so that it never reaches out to the network on its own.
import fs from 'node:fs';

/**
 * The package's browser itself rather than its launcher `/usr/bin/chromium`, a shell script that adds a
 * desktop's flags from /etc/chromium.d (GPU rasterization, extension loading): the same browser without them
 * spent a tenth less CPU on the same end-to-end tests (decision 063). The launcher where the binary is not
 * where Debian puts it.
 */
const DEBIAN_BINARY = '/usr/lib/chromium/chromium';
export const CHROME_PATH =
  process.env.CHROME_PATH ?? (fs.existsSync(DEBIAN_BINARY) ? DEBIAN_BINARY : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Headless Chromium still builds each window's address-bar popups as web pages of their own, a renderer per
  // window that nobody sees: a third of what opening a page costs (decision 063).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
