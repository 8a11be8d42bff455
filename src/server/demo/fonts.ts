import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The Chinese fonts of the demo pictures and videos come from npm packages, never from the machine:
 * a generated fonts.conf lists only the package folders and FONTCONFIG_FILE points at it. fontconfig
 * reads it on the first text layout, so importing this module before any picture is drawn is enough.
 */

const require = createRequire(import.meta.url);
const pkgDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

const noto = pkgDir('@expo-google-fonts/noto-sans-sc');
const kuaile = pkgDir('@expo-google-fonts/zcool-kuaile');

export const FONT_FILES = {
  sans: join(noto, '400Regular', 'NotoSansSC_400Regular.ttf'),
  sansBold: join(noto, '700Bold', 'NotoSansSC_700Bold.ttf'),
  title: join(kuaile, '400Regular', 'ZCOOLKuaiLe_400Regular.ttf'),
} as const;

/** SVG font-family values; nothing else is installed in our fontconfig, so there is no fallback. */
export const SANS = 'Noto Sans SC';
export const TITLE = 'ZCOOL KuaiLe';

function writeFontsConf(): string {
  const dirs = [...new Set(Object.values(FONT_FILES).map((f) => dirname(f)))];
  const id = createHash('sha256').update(dirs.join('\n')).digest('hex').slice(0, 12);
  const root = join(tmpdir(), `inkreel-fonts-${id}`);
  mkdirSync(join(root, 'cache'), { recursive: true });
  const conf =
    '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n' +
    dirs.map((d) => `  <dir>${d}</dir>\n`).join('') +
    `  <cachedir>${join(root, 'cache')}</cachedir>\n</fontconfig>\n`;
  const file = join(root, 'fonts.conf');
  writeFileSync(file, conf);
  return file;
}

export const FONTS_CONF = writeFontsConf();
process.env.FONTCONFIG_FILE = FONTS_CONF;
