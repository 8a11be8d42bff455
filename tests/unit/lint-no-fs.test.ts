import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rule of issue 30: routes and services never touch files (scripts/lint/layers.js), checked
 * by running the project's own ESLint configuration on virtual files placed in those folders.
 */
const VIOLATIONS = [
  "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
  "import { readFile } from 'fs/promises';\nexport const a = readFile;\n",
  "import * as fs from 'fs';\nexport const a = fs;\n",
  "export { stat } from 'node:fs/promises';\n",
  "export const a = () => import('node:fs');\n",
];
const RULE = 'boundaries/dependencies';

const eslint = new ESLint({ cwd: process.cwd() });
async function fileSystemErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === RULE && /never touch files/.test(m.message));
}

describe('lint: routes and services never import the file system', () => {
  it('refuses node:fs in every spelling in routes and services', { timeout: 60_000 }, async () => {
    for (const file of ['src/server/routes/x.ts', 'src/server/services/catalogue/x.ts']) {
      for (const code of VIOLATIONS) {
        expect(await fileSystemErrors(file, code), `${file}: ${code}`).toHaveLength(1);
      }
    }
  });

  it('lets adapters and the media pipeline use it', { timeout: 60_000 }, async () => {
    for (const file of ['src/server/infra/x.ts', 'src/server/infra/media/x.ts', 'src/server/media/x.ts']) {
      for (const code of VIOLATIONS) {
        const [result] = await eslint.lintText(code, { filePath: file });
        expect(
          result!.messages.filter((m) => m.ruleId === RULE),
          `${file}: ${code}`,
        ).toEqual([]);
      }
    }
  });

  it('leaves other Node modules to routes', { timeout: 60_000 }, async () => {
    const code = "import { join } from 'node:path';\nexport const a = join;\n";
    expect(await fileSystemErrors('src/server/routes/x.ts', code)).toEqual([]);
  });
});
