/**
 * The server is type-checked without the DOM library (tsconfig.server.json): browser globals are not
 * there to be used by mistake. WebCrypto's key type, which the shared image cipher names
 * (contract/cipher.ts), is Node's own.
 */
type CryptoKey = import('node:crypto').webcrypto.CryptoKey;
