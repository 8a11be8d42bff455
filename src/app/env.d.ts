/// <reference types="vite/client" />

declare const __IMAGE_KEY__: string;

interface ImportMetaEnv {
  /** Host for static catalogue reads; empty means same origin. */
  readonly VITE_STATIC_API_HOST?: string;
  /** Host for dynamic (user, purchase, payment) calls; empty means same origin. */
  readonly VITE_DYNAMIC_HOST?: string;
  /** User-agent marker of our native shell app. */
  readonly VITE_SHELL_UA_MARKER?: string;
}
