/**
 * src/server/db/schema.ts is written by hand beside the migrations: this test migrates a fresh
 * database (SQLite, or PostgreSQL with TEST_DATABASE_URL) and compares what the migrations made —
 * tables, columns, types and nullability — with what schema.ts declares (read with the TypeScript
 * compiler's parser). Any difference fails, named table.column.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.js';
import { migrationProvider } from '../../src/server/db/migrations/index.js';
import { isUniqueViolation } from '../../src/server/db/unique-violation.js';
import type { Dialect } from '../../src/server/db/portable.js';
import { createTestApp, scratchDatabase, type TestApp } from './helpers/test-app.js';

const SCHEMA_FILE = new URL('../../src/server/db/schema.ts', import.meta.url);

type TsType = 'string' | 'number' | 'boolean';

interface DeclaredColumn {
  /** The TS types a row's value may have, null aside. */
  types: TsType[];
  nullable: boolean;
  /** Generated<…>: inserts may leave it out, so the database must fill it. */
  generated: boolean;
}

interface MigratedColumn {
  dataType: string;
  nullable: boolean;
  /** Has a default, or is numbered by the database: an insert may leave it out. */
  filled: boolean;
}

/**
 * What a value of each column type reads as through our drivers: better-sqlite3 returns TEXT as
 * string and INTEGER/REAL as number; pg returns int2/int4/float as number and int8 as number too
 * (database.ts sets its parser). A type not listed fails the test until it is mapped here.
 */
const TS_TYPE_OF: Record<Dialect, Record<string, TsType>> = {
  sqlite: { text: 'string', integer: 'number', real: 'number' },
  postgres: {
    text: 'string',
    varchar: 'string',
    int2: 'number',
    int4: 'number',
    int8: 'number',
    float4: 'number',
    float8: 'number',
    bool: 'boolean',
  },
};

const KEYWORD: Partial<Record<ts.SyntaxKind, TsType>> = {
  [ts.SyntaxKind.StringKeyword]: 'string',
  [ts.SyntaxKind.NumberKeyword]: 'number',
  [ts.SyntaxKind.BooleanKeyword]: 'boolean',
};

function readColumnType(node: ts.TypeNode, where: string): DeclaredColumn {
  if (
    ts.isTypeReferenceNode(node) &&
    node.typeName.getText() === 'Generated' &&
    node.typeArguments?.length === 1
  )
    return { ...readColumnType(node.typeArguments[0]!, where), generated: true };
  const parts = ts.isUnionTypeNode(node) ? [...node.types] : [node];
  const column: DeclaredColumn = { types: [], nullable: false, generated: false };
  for (const part of parts) {
    const keyword = KEYWORD[part.kind];
    if (keyword) column.types.push(keyword);
    else if (ts.isLiteralTypeNode(part) && part.literal.kind === ts.SyntaxKind.NullKeyword)
      column.nullable = true;
    else throw new Error(`schema.ts ${where}: cannot compare the type "${node.getText()}"`);
  }
  return column;
}

/** schema.ts's tables: the DB interface's properties, each an interface of columns. */
function declaredSchema(): Map<string, Map<string, DeclaredColumn>> {
  const source = ts.createSourceFile(
    'schema.ts',
    readFileSync(SCHEMA_FILE, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const properties = (decl: ts.InterfaceDeclaration) =>
    decl.members.map((m) => {
      if (!ts.isPropertySignature(m) || !m.type || m.questionToken)
        throw new Error(`schema.ts ${decl.name.text}: "${m.getText()}" is not a plain property`);
      return { name: m.name.getText(), type: m.type };
    });
  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts declares no DB interface');
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const { name, type } of properties(db)) {
    const decl = ts.isTypeReferenceNode(type) ? interfaces.get(type.typeName.getText()) : undefined;
    if (!decl) throw new Error(`schema.ts DB.${name}: "${type.getText()}" is not an interface of this file`);
    tables.set(
      name,
      new Map(properties(decl).map((p) => [p.name, readColumnType(p.type, `${name}.${p.name}`)])),
    );
  }
  return tables;
}

/**
 * SQLite reports an INTEGER PRIMARY KEY (the only column of its key) as nullable, but that column is
 * the rowid: never null, numbered by the database when left out.
 */
async function rowidColumn(t: TestApp, table: string): Promise<string | undefined> {
  const { rows } = await sql<{ name: string; type: string; pk: number }>`select name, type, pk
    from pragma_table_info(${table}) where pk > 0`.execute(t.database.db);
  return rows.length === 1 && rows[0]!.type.toLowerCase() === 'integer' ? rows[0]!.name : undefined;
}

/** The migrated database's tables (the migrator's own aside). */
async function migratedSchema(t: TestApp): Promise<Map<string, Map<string, MigratedColumn>>> {
  const db = t.database.db;
  let tables = await db.introspection.getTables();
  if (t.database.dialect === 'postgres') {
    // Other schemas of the same database (other test files) are not ours.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    tables = tables.filter((table) => table.schema === rows[0]!.schema);
  }
  // SQLite's full-text indexes (virtual tables and their shadow tables, read with raw SQL by search)
  // exist on SQLite only: schema.ts types the tables both engines have.
  const engineOwn = new Set<string>();
  if (t.database.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_list
      where schema = 'main' and type in ('virtual', 'shadow')`.execute(db);
    for (const { name } of rows) engineOwn.add(name);
  }
  const out = new Map<string, Map<string, MigratedColumn>>();
  for (const table of tables) {
    if (table.isView || engineOwn.has(table.name)) continue;
    const rowid = t.database.dialect === 'sqlite' ? await rowidColumn(t, table.name) : undefined;
    out.set(
      table.name,
      new Map(
        table.columns.map((c) => [
          c.name,
          {
            dataType: c.dataType.toLowerCase(),
            nullable: c.isNullable && c.name !== rowid,
            filled: c.hasDefaultValue || c.isAutoIncrementing || c.name === rowid,
          },
        ]),
      ),
    );
  }
  return out;
}

/** Every difference between the two, as one line each. */
function differences(
  dialect: Dialect,
  declared: Map<string, Map<string, DeclaredColumn>>,
  migrated: Map<string, Map<string, MigratedColumn>>,
): string[] {
  const out: string[] = [];
  for (const name of migrated.keys())
    if (!declared.has(name)) out.push(`${name}: a table the migrations make, missing from schema.ts`);
  for (const [name, columns] of declared) {
    const real = migrated.get(name);
    if (!real) {
      out.push(`${name}: in schema.ts, but no migration makes it`);
      continue;
    }
    for (const column of real.keys())
      if (!columns.has(column))
        out.push(`${name}.${column}: a column the migrations make, missing from schema.ts`);
    for (const [column, want] of columns) {
      const got = real.get(column);
      const at = `${name}.${column}`;
      if (!got) {
        out.push(`${at}: in schema.ts, but no migration makes it`);
        continue;
      }
      const tsType = TS_TYPE_OF[dialect][got.dataType];
      if (!tsType) out.push(`${at}: ${dialect} type "${got.dataType}" has no TS type in this test's map`);
      else if (want.types.length !== 1 || want.types[0] !== tsType)
        out.push(
          `${at}: schema.ts says ${want.types.join(' | ')}, the ${got.dataType} column reads as ${tsType}`,
        );
      if (want.nullable !== got.nullable)
        out.push(
          `${at}: schema.ts says ${want.nullable ? '' : 'not '}null, the column is ${got.nullable ? '' : 'not '}nullable`,
        );
      if (want.generated && !got.filled && !got.nullable)
        out.push(
          `${at}: Generated in schema.ts, but the column has no default and is not numbered by the database`,
        );
    }
  }
  return out;
}

describe(`schema.ts matches the migrated database (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has the same tables, columns, types and nullability', async () => {
    const declared = declaredSchema();
    const migrated = await migratedSchema(t);
    // The comparison itself must have something to compare.
    expect(declared.size).toBeGreaterThan(30);
    expect(migrated.get('users')?.get('balance')).toMatchObject({ nullable: false });
    expect(differences(t.database.dialect, declared, migrated)).toEqual([]);
  });

  it('reports a difference it is shown', () => {
    const declared = declaredSchema();
    const dialect = t.database.dialect;
    // A database exactly as schema.ts says, then changed one way at a time.
    const columnOf = (c: DeclaredColumn): MigratedColumn => ({
      dataType: Object.entries(TS_TYPE_OF[dialect]).find(([, tsType]) => tsType === c.types[0])![0],
      nullable: c.nullable,
      filled: true,
    });
    const migrated = new Map(
      [...declared].map(([name, cols]) => [name, new Map([...cols].map(([col, c]) => [col, columnOf(c)]))]),
    );
    expect(differences(dialect, declared, migrated)).toEqual([]);
    migrated.get('users')!.get('mobile')!.nullable = false;
    migrated.get('users')!.set('nickname', { dataType: 'text', nullable: true, filled: false });
    migrated.get('ledger')!.delete('created_at');
    migrated.get('sessions')!.get('token_hash')!.dataType = 'bytea';
    migrated.get('books')!.get('recommend')!.dataType = 'text';
    migrated.get('recharge_orders')!.get('sweep_attempts')!.filled = false;
    migrated.delete('sandbox_sms');
    expect(differences(dialect, declared, migrated)).toEqual([
      expect.stringMatching(/^users\.nickname: a column the migrations make/),
      'users.mobile: schema.ts says null, the column is not nullable',
      `sessions.token_hash: ${dialect} type "bytea" has no TS type in this test's map`,
      'books.recommend: schema.ts says number, the text column reads as string',
      expect.stringMatching(/^ledger\.created_at: in schema\.ts, but no migration makes it/),
      expect.stringMatching(
        /^recharge_orders\.sweep_attempts: Generated in schema\.ts, but the column has no default/,
      ),
      'sandbox_sms: in schema.ts, but no migration makes it',
    ]);
  });
});

describe('0011_not_null_keys (SQLite)', () => {
  it('keeps the rows of the tables it rebuilds, and refuses a null key afterwards', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'inkreel-0011-'));
    const database = openDatabase({ dataDir });
    try {
      const migrator = new Migrator({ db: database.db, provider: migrationProvider });
      expect((await migrator.migrateTo('0010_watch_marks')).error).toBeUndefined();
      await database.db.insertInto('settings').values({ key: 'secret.pay', value: 'kept' }).execute();
      await database.db
        .insertInto('auth_throttle')
        .values({ key: 'login:u1', count: 3, window_start: '2026-01-01T00:00:00.000Z' })
        .execute();
      await migrateToLatest(database.db);
      expect(await database.db.selectFrom('settings').selectAll().execute()).toEqual([
        { key: 'secret.pay', value: 'kept' },
      ]);
      expect(await database.db.selectFrom('auth_throttle').selectAll().execute()).toEqual([
        { key: 'login:u1', count: 3, window_start: '2026-01-01T00:00:00.000Z' },
      ]);
      await expect(
        database.db
          .insertInto('settings')
          .values({ key: null as unknown as string, value: 'x' })
          .execute(),
      ).rejects.toThrow(/NOT NULL/);
    } finally {
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe(`0013_sms_codes_per_account (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('keeps the live codes, and keys them by account: one per account and number', async () => {
    const { dataDir, databaseUrl, schema, dispose } = await scratchDatabase('inkreel-0013-');
    const database = openDatabase({ databaseUrl, dataDir });
    const { db } = database;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
      expect((await migrator.migrateTo('0012_jobs')).error).toBeUndefined();
      const user = (account: string) =>
        db
          .insertInto('users')
          .values({
            account,
            password_hash: 'x',
            visitor_id: `v-${account}`,
            branch_id: 0,
            mobile: null,
            from_domain: null,
            device_id: null,
            balance: 0,
            vip_type: 'none',
            vip_end_at: null,
            recharged: 0,
            created_at: '2026-01-01T00:00:00.000Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const a = (await user('m13-a')).id;
      const b = (await user('m13-b')).id;
      const code = (userId: number, hash: string) => ({
        purpose: 'bind_mobile',
        mobile: '13800000013',
        user_id: userId,
        code_hash: hash,
        attempts: 1,
        sent_at: '2026-01-01T00:00:00.000Z',
        expires_at: '2026-01-01T00:05:00.000Z',
        used_at: null,
      });
      await db.insertInto('sms_codes').values(code(a, 'aa')).execute();
      await migrateToLatest(db, schema);
      const rows = () =>
        db.selectFrom('sms_codes').select(['user_id', 'code_hash', 'attempts']).orderBy('user_id').execute();
      expect(await rows()).toEqual([{ user_id: a, code_hash: 'aa', attempts: 1 }]);
      // Another account's code for the number sits beside it; a second one of the same account does not.
      await db.insertInto('sms_codes').values(code(b, 'bb')).execute();
      await expect(db.insertInto('sms_codes').values(code(a, 'cc')).execute()).rejects.toSatisfy((err) =>
        isUniqueViolation(err, { table: 'sms_codes', columns: ['purpose', 'mobile', 'user_id'] }),
      );
      expect(await rows()).toEqual([
        { user_id: a, code_hash: 'aa', attempts: 1 },
        { user_id: b, code_hash: 'bb', attempts: 1 },
      ]);
    } finally {
      await database.destroy();
      await dispose();
    }
  });
});
