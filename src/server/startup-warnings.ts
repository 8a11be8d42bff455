import type { Config } from './config.js';

/**
 * What an operator must hear at start: settings that are fine on a laptop but wrong in production.
 * The sandbox provider credits coins for a tap on its cashier, so in production it gives coins away.
 */
export function startupWarnings(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  if (env.NODE_ENV === 'production' && config.payProvider === 'sandbox') {
    warnings.push(
      'NODE_ENV=production with the sandbox pay provider: its cashier is a test payment that takes no money ' +
        'and credits coins on a tap. Set PAY_PROVIDER to a real provider before taking payments.',
    );
  }
  return warnings;
}
