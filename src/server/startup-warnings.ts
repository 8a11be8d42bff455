import type { Config } from './config.js';

/**
 * What an operator must hear at start: settings that are fine on a laptop but wrong in production.
 * The sandbox provider credits coins for a tap on its cashier, so in production it gives coins away;
 * the demo, on by default, fills a production database with its catalogue.
 */
export function startupWarnings(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  if (env.NODE_ENV === 'production' && config.payProviders.includes('sandbox')) {
    warnings.push(
      'NODE_ENV=production with the sandbox pay provider: its cashier is a test payment that takes no money ' +
        'and credits coins on a tap. Take sandbox out of PAY_PROVIDER before taking payments.',
    );
  }
  // Real providers post their notifies to PUBLIC_URL; WeChat Pay takes only https notify URLs, and a
  // plain-http notify crosses the internet readable and alterable up to our signature checks.
  const real = config.payProviders.filter((p) => p !== 'sandbox');
  if (env.NODE_ENV === 'production' && real.length && config.publicUrl.startsWith('http://')) {
    warnings.push(
      `NODE_ENV=production with pay provider ${real.join(', ')} and PUBLIC_URL not https: providers notify ` +
        'PUBLIC_URL/h5/pay/notify/<provider>, and WeChat Pay accepts only https notify URLs.',
    );
  }
  // DEMO is on unless set to 0 (so a first `npm start` shows a catalogue): a production start that
  // forgot it writes the demo's books and videos into an empty production database.
  if (env.NODE_ENV === 'production' && config.demo) {
    warnings.push(
      'NODE_ENV=production with DEMO on: the demo catalogue is seeded into an empty database and its ' +
        'pictures are drawn on request. Set DEMO=0 for a real service.',
    );
  }
  return warnings;
}
