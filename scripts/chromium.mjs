// The Chromium every tool here drives (Playwright, Lighthouse, the social-card renderer): Debian's package,
// or CHROME_PATH, started so that it never reaches out to the network on its own.
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
