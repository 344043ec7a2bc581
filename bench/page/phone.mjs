// A phone as Lighthouse's mobile audit pictures one, in Debian's Chromium: a 412 px wide touch
// screen, the CPU slowed 4 times and, when asked, a slow mobile network (150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up). Each phone is a new browser with a profile of its own, so
// nothing is cached and the shopper is new.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CHROMIUM_ARGS } from '../../e2e/harness.mjs';

const require = createRequire(new URL('../../web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

/** Lighthouse's mobile screen (a Moto G Power). */
const SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75 };
export const PHONE_WIDTH = SCREEN.width;
export const CPU_SLOWDOWN = 4;
/** The mobile network, as Chromium's DevTools emulates it: bytes per second. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
export const NETWORK_SUMMARY = '150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up';

/**
 * Opens a page on a new phone, the CPU slowed and, with slowNetwork, the network too. close()
 * closes the browser and removes its profile.
 */
export async function openPhone({ slowNetwork }) {
  const profile = mkdtempSync(join(tmpdir(), 'knitfront-phone-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: SCREEN.width, height: SCREEN.height },
    deviceScaleFactor: SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (slowNetwork) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
    }
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
