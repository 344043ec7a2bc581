import { browserSweepEnvironment, sweepIOSSafari } from './ios-sweep';

/**
 * The iOS Safari sweep, run as this module is evaluated. main.ts imports it before anything else:
 * ES modules are evaluated in the order they are imported, so the sweep clears storage before any
 * other module (the market store above all, which reads storage as it is created) looks at it.
 * True when the page is being reloaded and nothing else should start.
 */
export const sweepReloading = sweepIOSSafari(browserSweepEnvironment()) === 'reloading';
