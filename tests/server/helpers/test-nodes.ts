import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp, contextOf } from '../../../src/server/composition-root.js';
import type { CtxOverrides } from '../../../src/server/context.js';
import { loadConfig } from '../../../src/server/config.js';
import type { App, Ctx } from '../../../src/server/context.js';
import type { Database } from '../../../src/server/db/database.js';
import { createStore, type ServerStore } from './money-server.js';

export interface TestNode {
  app: App;
  ctx: Ctx;
  database: Database;
  /** Starts the HTTP server (and with it the node's jobs); resolves its base URL. */
  listen(): Promise<string>;
}

export interface TestNodes {
  store: ServerStore;
  nodes: TestNode[];
  close(): Promise<void>;
}

/**
 * Several app instances on ONE database, as API nodes behind a load balancer would be: one SQLite
 * file (each node with its own connection), or one PostgreSQL schema when TEST_DATABASE_URL is set.
 */
export async function createTestNodes(
  count: number,
  env: Record<string, string> = {},
  overrides: CtxOverrides = {},
): Promise<TestNodes> {
  const store = await createStore();
  const nodes: TestNode[] = [];
  for (let i = 0; i < count; i++) {
    const config = loadConfig({
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      LOG_LEVEL: 'silent',
      ...env,
    });
    const database = store.open();
    const app = await buildApp({ config, database, overrides });
    await app.ready();
    nodes.push({
      app,
      ctx: contextOf(app),
      database,
      async listen() {
        await app.listen({ port: 0, host: '127.0.0.1' });
        return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      },
    });
  }
  return {
    store,
    nodes,
    async close() {
      for (const n of nodes) {
        await n.app.close();
        await n.database.destroy();
      }
      await store.drop();
      rmSync(store.dataDir, { recursive: true, force: true });
    },
  };
}
