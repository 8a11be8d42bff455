/**
 * Providers of one kind (pay, SMS) by name, built once from configuration by the composition root:
 * PAY_PROVIDER and SMS_PROVIDER name which ones exist. A name that is not configured is absent.
 */
export interface ProviderRegistry<P extends { readonly name: string }> {
  /** The provider of that name, or undefined when it is not configured. */
  get(name: string): P | undefined;
  /** The configured providers' names, in the order configured. */
  names(): readonly string[];
  /** The first configured provider (SMS sends through it). */
  readonly primary: P;
}
