import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The shared client layer (issue 31: one owner of the download queue): src/client is browser code the
 * page and its service worker both import — the queue's database and transitions, the picture
 * envelope — so neither keeps its own copy. It stands on the contract and Dexie only; the app and the
 * worker use it; it never uses them, and the contract (shared with the server) never uses it.
 * Checked by running the project's own ESLint configuration on virtual files (scripts/lint/layers.js).
 */
const RULE = 'boundaries/dependencies';
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === RULE);
}

const useQueue = (from: string) =>
  `import { applyEvent } from '${from}client/downloads/queue-store';\nexport const a = applyEvent;\n`;

describe('lint: the shared client layer', () => {
  it('is used by the worker and by every layer of the app', { timeout: 60_000 }, async () => {
    for (const [file, up] of [
      ['sw/x.ts', '../src/'],
      ['src/app/lib/x.ts', '../../'],
      ['src/app/components/x.ts', '../../'],
      ['src/app/features/downloads/x.ts', '../../../'],
      ['src/app/routes/x.ts', '../../'],
    ] as const)
      expect(await layerErrors(file, useQueue(up)), file).toEqual([]);
  });

  it('stands on the contract and Dexie only', { timeout: 60_000 }, async () => {
    const ok = [
      "import { DownloadText } from '../contract/messages/downloads';\nexport const a = DownloadText;\n",
      "import Dexie from 'dexie';\nexport const a = Dexie;\n",
    ];
    for (const code of ok) expect(await layerErrors('src/client/x.ts', code), code).toEqual([]);
    const refused = [
      "import { call } from '../app/lib/api/http';\nexport const a = call;\n",
      "import { listenForBackgroundFetch } from '../../sw/background-fetch';\nexport const a = listenForBackgroundFetch;\n",
      "import { registerRoute } from 'workbox-routing';\nexport const a = registerRoute;\n",
      "import { useState } from 'react';\nexport const a = useState;\n",
      "import { config } from '../server/config';\nexport const a = config;\n",
    ];
    for (const code of refused) expect(await layerErrors('src/client/x.ts', code), code).toHaveLength(1);
  });

  it('is not used by the contract, which the server shares', { timeout: 60_000 }, async () => {
    expect(await layerErrors('src/contract/x.ts', useQueue('../'))).toHaveLength(1);
  });
});
