import { ConfigError, type Config } from '../config.js';
import type { ProviderRegistry } from '../ports/providers.js';

type Named = { readonly name: string };

/** A provider's own settings by variable name: exactly the ones its entry requires, all set. */
export type ProviderSettings = Readonly<Record<string, string>>;

/** One known provider: what it cannot start without, and how it is made. */
export interface ProviderEntry<P extends Named, D> {
  /**
   * Settings it cannot run without (PAY_<NAME>_… / SMS_<NAME>_… variables, see Config.providerSettings):
   * when one is unset, start-up stops with a line naming it.
   */
  readonly requires: readonly string[];
  /** Settings it reads when set (a gateway other than production's); handed over with the required ones. */
  readonly optional?: readonly string[];
  /**
   * Refuses settings that are set but unusable (a malformed key, a key of the wrong length): throws a
   * ConfigError whose one line names the setting and never quotes its value. Runs before the database
   * is opened.
   */
  check?(settings: ProviderSettings, config: Config): void;
  /** Builds the provider; may throw a ConfigError when a setting is set but unusable. */
  create(deps: D, settings: ProviderSettings): P;
}

/** A kind of provider (pay, SMS): the setting that chooses them and the providers known to the code. */
export interface ProviderKind<P extends Named, D> {
  /** The variable that names the configured providers; every refusal line starts with it. */
  readonly setting: string;
  /** The configured names, in order (the first is the registry's primary). */
  configured(config: Config): readonly string[];
  /** Every provider this build knows, by name: one entry more per real provider. */
  readonly known: Readonly<Record<string, ProviderEntry<P, D>>>;
}

interface Resolved<P extends Named, D> {
  name: string;
  entry: ProviderEntry<P, D>;
  settings: ProviderSettings;
}

/**
 * The configured providers' entries and settings, or a ConfigError naming the setting: an unknown
 * name, a provider whose required settings are unset, or one whose check refuses a setting. Needs nothing but configuration, so start-up
 * can refuse before it opens the database.
 */
export function resolveProviders<P extends Named, D>(
  kind: ProviderKind<P, D>,
  config: Config,
): Resolved<P, D>[] {
  const names = kind.configured(config);
  if (names.length === 0) throw new ConfigError(`${kind.setting}: no provider named`);
  return names.map((name) => {
    const entry = Object.hasOwn(kind.known, name) ? kind.known[name] : undefined;
    if (!entry) {
      const known = Object.keys(kind.known).join(', ');
      throw new ConfigError(`${kind.setting}: unknown provider "${name}" (known: ${known})`);
    }
    const missing = entry.requires.filter((s) => !config.providerSettings[s]);
    if (missing.length)
      throw new ConfigError(`${kind.setting}: provider "${name}" needs ${missing.join(', ')}, not set`);
    const read = [...entry.requires, ...(entry.optional ?? [])];
    const settings = Object.fromEntries(
      read.filter((s) => config.providerSettings[s]).map((s) => [s, config.providerSettings[s]!]),
    );
    entry.check?.(settings, config);
    return { name, entry, settings };
  });
}

/** A registry over providers already made, in the order given (the first is primary). */
export function registryOf<P extends Named>(providers: readonly P[]): ProviderRegistry<P> {
  const primary = providers[0];
  if (!primary) throw new Error('a provider registry needs at least one provider');
  const byName = new Map(providers.map((p) => [p.name, p]));
  const names = [...byName.keys()];
  return { get: (name) => byName.get(name), names: () => names, primary };
}

/** The registry of one kind as configuration names it: each configured provider made once. */
export function buildProviderRegistry<P extends Named, D>(
  kind: ProviderKind<P, D>,
  config: Config,
  deps: D,
): ProviderRegistry<P> {
  return registryOf(
    resolveProviders(kind, config).map(({ name, entry, settings }) => {
      const provider = entry.create(deps, settings);
      // Channels and notify URLs find a provider by the name configured: the two must agree.
      if (provider.name !== name) throw new Error(`provider "${name}" calls itself "${provider.name}"`);
      return provider;
    }),
  );
}
