'use strict';
/**
 * Import resolver for eslint-plugin-boundaries (eslint-module-utils resolver interface v2).
 * The server imports TypeScript files by their emitted name (`./config.js` is `config.ts`) and the app
 * without an extension; the node resolver knows neither, and an unresolved local import would escape
 * the layer rules. Packages and Node built-ins go to the node resolver as usual.
 */
const fs = require('node:fs');
const path = require('node:path');
const node = require('eslint-import-resolver-node');

const TS_EXTENSIONS = ['.ts', '.tsx', '.d.ts'];

function isFile(p) {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function candidates(base) {
  const stem = base.replace(/\.(?:js|jsx|mjs)$/, '');
  return [
    base,
    ...TS_EXTENSIONS.map((ext) => stem + ext),
    ...TS_EXTENSIONS.map((ext) => path.join(base, 'index' + ext)),
  ];
}

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file, config) {
  if (!source.startsWith('.') && !path.isAbsolute(source)) return node.resolve(source, file, config);
  const base = path.resolve(path.dirname(file), source.replace(/[?#].*$/, ''));
  const found = candidates(base).find(isFile);
  return found ? { found: true, path: found } : { found: false };
};
