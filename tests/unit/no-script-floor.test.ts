import { describe, expect, it } from 'vitest';
import { APP_MODULES_ELEMENT_ID, BOOT_DATA_ELEMENT_ID, PRERENDER_ELEMENT_ID } from '../../src/contract';
import { prerenderScript } from '../../src/server/http/prerender-page';
import { withoutScripts } from '../bench/no-script-floor';

// The page as app-document.ts puts it together: the same inline script, JSON blocks and entry tag.
const page = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/compat-def.js">
<style>body{margin:0}</style></head><body>
<div id="${PRERENDER_ELEMENT_ID}"><h1>今日更新</h1></div>
<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">[{"url":"/api/x","body":{}}]</script>
<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">["/assets/index-abc.js"]</script>
<script>${prerenderScript('AAAAAAAAAAAAAAAAAAAAAA==')}</script><div id="root"></div></body></html>`;

describe('Lighthouse floor page', () => {
  const floor = withoutScripts(page);

  it('runs no script: the inline one, the entry and its preloads are gone', () => {
    expect(floor).not.toMatch(/<script(?![^>]*application\/json)/);
    expect(floor).not.toContain('modulepreload');
    expect(floor).not.toContain('crypto.subtle');
  });

  it('keeps the first screen, its styles and the data blocks as they were', () => {
    expect(floor).toContain(`<div id="${PRERENDER_ELEMENT_ID}"><h1>今日更新</h1></div>`);
    expect(floor).toContain('<style>body{margin:0}</style>');
    expect(floor).toContain(`id="${BOOT_DATA_ELEMENT_ID}">[{"url":"/api/x","body":{}}]</script>`);
    expect(floor).toContain(`id="${APP_MODULES_ELEMENT_ID}">["/assets/index-abc.js"]</script>`);
  });
});
