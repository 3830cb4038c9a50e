// Renders public/og-image.png (the 1200×630 social card) from og.html with the system Chromium.
// Run after changing og.html: node scripts/og-image/render.mjs
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from '../chromium.mjs';

const here = import.meta.dirname;
const output = path.resolve(here, '../../public/og-image.png');
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
await page.goto(pathToFileURL(path.join(here, 'og.html')).href);
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: output, type: 'png' });
await browser.close();
console.log(`wrote ${output}`);
