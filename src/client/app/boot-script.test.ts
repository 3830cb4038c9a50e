import fs from 'node:fs';
import path from 'node:path';
import { SESSION_FLAGS } from '@client/lib/session-flags';
import { HOME_CLEAR_COOKIE, HOME_CLEAR_COOKIE_MAX_AGE_SECONDS, REVEALED_COOKIE } from '@shared/ssr';
import { describe, expect, it } from 'vitest';

/**
 * public/boot.js is served as it is, so it cannot import what the app and the server agree on; what it
 * writes when the veil is tapped before the app runs (decision 056) must keep the names they read.
 */
const BOOT = fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/boot.js'), 'utf8');

function constant(name: string): string | undefined {
  return new RegExp(`const ${name} = '([^']+)';`).exec(BOOT)?.[1];
}

describe('public/boot.js', () => {
  it('sets the same "revealed" session flag and cookie as the app', () => {
    expect(constant('REVEALED_FLAG')).toBe(SESSION_FLAGS.revealed);
    expect(constant('REVEALED_COOKIE')).toBe(REVEALED_COOKIE);
  });

  it('asks the server for a clear landing with the same cookie as landing.ts', () => {
    expect(constant('HOME_CLEAR_COOKIE')).toBe(HOME_CLEAR_COOKIE);
    expect(
      new RegExp(`const HOME_CLEAR_MAX_AGE_SECONDS = ${HOME_CLEAR_COOKIE_MAX_AGE_SECONDS};`).test(BOOT),
    ).toBe(true);
    const header = fs.readFileSync(
      path.resolve(import.meta.dirname, '../components/page-header.tsx'),
      'utf8',
    );
    expect(header).toContain('data-home-clear');
    expect(BOOT).toContain('data-home-clear');
  });

  it('reads its cookies back after writing them, as the app does, so a navigation at once carries them', () => {
    // Chromium writes document.cookie asynchronously; a read waits for the write (decision 061).
    expect(BOOT).toMatch(
      /function setCookieForNextRequest\(cookie\) \{[^}]*document\.cookie = cookie;\s*return document\.cookie;/,
    );
    expect(BOOT.match(/document\.cookie =/g)).toHaveLength(1);
    // Every cookie it writes goes through that function.
    const written = [...BOOT.matchAll(/setCookieForNextRequest\(\s*`\$\{(\w+)\}=1/g)].map((call) => call[1]);
    expect(written).toEqual(['REVEALED_COOKIE', 'HOME_CLEAR_COOKIE']);
  });

  it("starts the page's code on the same autofill animation as app.css sets (decision 062)", () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, '../styles/app.css'), 'utf8');
    const name = constant('AUTOFILL_ANIMATION');
    expect(name).toBeDefined();
    expect(css).toContain(`@keyframes ${name} {`);
    expect(css).toContain(`input:-webkit-autofill {\n  animation: ${name} 1ms;`);
    expect(css).toContain(`input:autofill {\n  animation: ${name} 1ms;`);
  });

  it('finds the veil, its hint and the page behind it by the markers the app renders', () => {
    const shell = fs.readFileSync(path.resolve(import.meta.dirname, 'shell.tsx'), 'utf8');
    const veil = fs.readFileSync(path.resolve(import.meta.dirname, 'reveal-veil.tsx'), 'utf8');
    for (const [marker, source] of [
      ['data-shell-content', shell],
      ['data-reveal-veil', veil],
      ['data-veil-hint', veil],
      ['veil-idle', veil],
    ] as const) {
      expect(BOOT, marker).toContain(marker);
      expect(source, marker).toContain(marker);
    }
  });

  it('leaves the veil and early taps to the app once it says it runs, not to the landing script', () => {
    const main = fs.readFileSync(path.resolve(import.meta.dirname, '../main.tsx'), 'utf8');
    const landing = fs.readFileSync(path.resolve(import.meta.dirname, '../landing.ts'), 'utf8');
    expect(BOOT).toContain("root.dataset.app === 'react'");
    expect(main).toContain("dataset.app = 'react'");
    expect(landing).not.toContain("dataset.app = 'react'");
  });
});
