import fs from 'node:fs';
import path from 'node:path';
import { type EntityDef, entities, type FieldType } from '@park/catalog';
import type { InjectOptions } from 'fastify';

/**
 * The calls of the hostile-input sweep (hostile-input.test.ts): for each route, hostile values in the
 * list parameters, in the fields its catalog entity declares, and in the parameters its hand-written
 * source reads. Each hostile value of a field's kind goes in each field once, in its own call, never
 * combined with others (a 400 for one field would hide the next); routes running the same engine code
 * share the work, so that the sweep stays a few thousand calls.
 */

/** A valid-looking id for `:param` path segments (no such row). */
const SOME_ID = '1123598821738675299';

export const NUL = 'a\u0000b';
const MB = 'x'.repeat(1 << 20);
const LONG = 'y'.repeat(64 * 1024);
/** Dates and times that pass a `yyyy-MM-dd[ HH:mm[:ss]]` pattern yet name no instant PostgreSQL accepts. */
const BAD_DATES = ['2024-02-30', '2024-01-01 99:99', '0000-01-01', '2024-13-01', '2024-01-01 23:59:99', '2023-02-29'];
const BAD_IDS = ['123456789012345678901234567890', '9223372036854775808', '-1', '1.5', '1e20'];
const BAD_INTS = ['99999999999', '1e20', '1.5', '-99999999999', '2147483648', '-1', 'NaN', '1e400'];

type Kind = FieldType | 'paging' | 'sort' | 'ids' | 'any';

/** The hostile query values for a field of a kind, those most likely to get through first. */
function queryValues(kind: Kind): (string | string[])[] {
  switch (kind) {
    case 'date':
    case 'datetime':
      return [...BAD_DATES, NUL];
    case 'id':
      return [BAD_IDS[0], BAD_IDS[1], NUL, ...BAD_IDS.slice(2), ['1', '2']];
    case 'ids':
      return [BAD_IDS[0], `${BAD_IDS[1]},1`, NUL, '1,,x', '-1', ['1', '2']];
    case 'int':
    case 'decimal':
    case 'money':
      return [BAD_INTS[0], BAD_INTS[1], NUL, ...BAD_INTS.slice(2), ['1', '2']];
    case 'paging':
      return ['1e20', '99999999999999999', '1.5', NUL, '-1', '0', 'NaN', ['1', '2']];
    case 'sort':
      return ['__proto__', NUL, 'id;drop table x', 'createTime,,', LONG];
    case 'string':
    case 'text':
      return [NUL, LONG, '%_\\\'"', '\uD800', ['a', NUL]];
    default:
      return [NUL, BAD_IDS[0], BAD_DATES[0], BAD_INTS[0], '1.5', BAD_DATES[1], ['1', NUL], LONG, '-1'];
  }
}

/** Wrong JSON types for a body field. */
const WRONG_TYPES: unknown[] = [{ a: 1 }, [1, 2], 1e20, true, 1.5, -1, 99999999999, { __proto__: null, toString: 1 }];

/** The hostile body values for a field of a kind: its query values, then wrong JSON types, then 1 MB of text. */
function bodyValues(kind: Kind): unknown[] {
  const values = queryValues(kind).filter((v) => v !== LONG);
  // Interleaved, so that a field taking a few of them in turn gets both kinds.
  const mixed: unknown[] = [];
  for (let i = 0; i < Math.max(values.length, WRONG_TYPES.length); i++) {
    if (i < values.length) mixed.push(values[i]);
    if (i < WRONG_TYPES.length) mixed.push(WRONG_TYPES[i]);
  }
  return kind === 'string' || kind === 'text' || kind === 'any' ? [...mixed, MB] : mixed;
}

/** The list parameters every route is swept with (CONTRACT.md "Lists and paging"). */
const GENERIC: [string, Kind][] = [
  ['current', 'paging'],
  ['size', 'paging'],
  ['ascs', 'sort'],
  ['descs', 'sort'],
  ['createTime', 'datetime'],
  ['createTime_dategt', 'datetime'],
  ['id', 'id'],
  ['ids', 'ids'],
  ['status', 'int'],
  ['createUser', 'id'],
];

/** The suffixes a catalog field of each kind is also swept with (CONTRACT.md filters), one in turn. */
const SUFFIXES: Record<FieldType, string[]> = {
  date: ['_dategt', '_dateequal', '_equal', '_datele'],
  datetime: ['_datelt', '_dateequal', '_ge', '_datege'],
  id: ['_equal', '_notequal', '_gt'],
  int: ['_gt', '_equal', '_le'],
  decimal: ['_le', '_equal'],
  money: ['_lt', '_ge'],
  string: ['_equal', '_likeright', '_gt', '_like', '_notequal'],
  text: ['_notlike', '_likeleft', '_lt'],
};

/** Each source file of the modules with the parameter names it reads (`query.x`, `body.x`, `Querystring: { x }`). */
function sourceNames(): { text: string; names: string[] }[] {
  const files: { text: string; names: string[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts')) {
        const text = fs.readFileSync(file, 'utf8');
        const names = new Set<string>();
        for (const m of text.matchAll(/\b(?:query|body)\??\.([a-z][A-Za-z0-9]*)\b(?!\()/g)) names.add(m[1]);
        for (const m of text.matchAll(/(?:Querystring|Body): \{([^}]*)\}/g)) {
          for (const n of m[1].matchAll(/([a-z][A-Za-z0-9]*)\??:/g)) names.add(n[1]);
        }
        for (const g of GENERIC) names.delete(g[0]);
        files.push({ text, names: [...names] });
      }
    }
  };
  walk(path.join(import.meta.dirname, '../src'));
  return files;
}

/**
 * The names a hand-written route reads: those of the files that spell its last path segment as a
 * route (`/tree'`, `/tree\``). A route whose path is built otherwise gets the generic parameters only.
 */
function namesOf(url: string, files: { text: string; names: string[] }[]): string[] {
  const segment = url.split('/').pop() ?? '';
  const spelled = files.filter((f) =>
    [`/${segment}'`, `/${segment}\``, `/${segment}"`].some((s) => f.text.includes(s)),
  );
  return [...new Set(spelled.flatMap((f) => f.names))].sort();
}

/** The catalog entity a route serves: the one whose API path is the longest prefix of the route's. */
export function entityOf(url: string): EntityDef | undefined {
  const rest = url.slice('/api/'.length);
  return entities
    .filter((e) => rest === e.api || rest.startsWith(`${e.api}/`))
    .sort((a, b) => b.api.length - a.api.length)[0];
}

/** The engine's endpoints (engine.ts mountResource, mountSaveUpdate); every other route is hand-written. */
const ENGINE_ROUTE = /\/(page|list|detail|submit|remove|export|save|update)$/;

export interface Call {
  route: string;
  what: string;
  /** Made when sent: the JSON text of a 1 MB value is never held for every call at once. */
  opts: () => InjectOptions;
}

function qs(params: Record<string, string | string[]>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) s.append(k, one);
  return s.toString();
}

/** `values[k]`, the list read round and round. */
const nth = <T>(values: T[], k: number): T => values[k % values.length];

interface Plan {
  /** How many values of each generic parameter's kind the route takes (all of them: Infinity). */
  generic: number;
  /** The same for `current` and `size`, which hand-written routes may read with parsers of their own. */
  paging: number;
  /** How many values of each entity field's kind it takes. */
  fields: number;
  /** The names its hand-written source reads. */
  names: string[];
  /** A different start in each value list for each route, so that routes sharing code share the values. */
  turn: number;
}

function callsFor(method: string, url: string, plan: Plan): Call[] {
  const route = `${method} ${url}`;
  const calls: Call[] = [];
  const base = url.replace(/:\w+/g, SOME_ID).replace(/\*/g, 'file.txt');
  const entity = entityOf(url);
  const { turn } = plan;
  const add = (what: string, opts: InjectOptions | (() => InjectOptions)) => {
    // Half the calls in English, half in Chinese.
    const language = calls.length % 2 ? 'en' : 'zh-CN';
    calls.push({
      route,
      what,
      opts: () => {
        const o = typeof opts === 'function' ? opts() : opts;
        return { ...o, headers: { 'accept-language': language, ...o.headers } };
      },
    });
  };
  // Valid-looking ids beside the hostile value, so that a route needing one (`ids` to act on, the row
  // to update) reads the hostile value instead of refusing the missing id first: the ids a hand-written
  // route reads, and the id that makes an engine submit an update, which checks every field it is sent.
  const companions: Record<string, string> = {};
  for (const name of plan.names) if (/^ids?$|Ids?$/.test(name)) companions[name] = SOME_ID;
  const bodyCompanions: Record<string, string> = /\/(submit|update)$/.test(url) ? { id: SOME_ID } : companions;
  const query = (name: string, v: string | string[]) =>
    add(`query ${name}=${show(v)}`, { method: method as 'GET', url: `${base}?${qs({ ...companions, [name]: v })}` });
  const body = (what: string, payload: unknown) =>
    add(what, () => ({
      method: method as 'POST',
      url: base,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    }));
  const bodyField = (name: string, v: unknown) => body(`body ${name}=${show(v)}`, { ...bodyCompanions, [name]: v });
  /** `count` of the values, from this route's turn on (each value at most once). */
  const some = <T>(values: T[], count: number, k: number): T[] =>
    count >= values.length ? values : Array.from({ length: count }, (_, i) => nth(values, turn * count + k + i));

  GENERIC.forEach(([name, kind], k) => {
    for (const v of some(queryValues(kind), kind === 'paging' ? plan.paging : plan.generic, k)) query(name, v);
  });
  if (plan.paging === Infinity) {
    add('paging overflow', { method: method as 'GET', url: `${base}?current=99999999999999999&size=1000` });
    add('paging past 2^53', { method: method as 'GET', url: `${base}?current=9007199254740993&size=10` });
  }
  if (entity && method === 'GET') {
    const fields: [string, FieldType][] = [
      ...entity.fields.map((f): [string, FieldType] => [f.name, f.type]),
      ['updateTime', 'datetime'],
      ['createDept', 'id'],
    ];
    fields.forEach(([name, kind], k) => {
      const values = some(queryValues(kind), plan.fields, k);
      // The bare field first, then with a suffix in turn (a route taking one value: either, in turn).
      for (const [i, v] of values.entries()) {
        const bare = values.length > 1 ? i === 0 : (turn + k) % 2 === 0;
        query(bare ? name : `${name}${nth(SUFFIXES[kind], turn + k + i)}`, v);
      }
    });
  }
  plan.names.forEach((name, k) => {
    query(name, nth(queryValues('any'), turn + k));
    if (method !== 'GET') bodyField(name, nth(bodyValues('any'), turn + k));
  });

  if (method !== 'GET') {
    const fields: [string, Kind][] = GENERIC.filter(([n]) => !n.includes('_'));
    const generic = fields.length;
    if (entity) for (const f of entity.fields) fields.push([f.name, f.type]);
    fields.forEach(([name, kind], k) => {
      const values = bodyValues(kind).filter((v) => v !== MB);
      for (const v of some(values, k < generic ? plan.generic : plan.fields, k)) bodyField(name, v);
    });
    // Whole-body hostilities, once per route.
    const raw = (what: string, payload: string, type = 'application/json') =>
      add(what, { method: method as 'POST', url: base, payload, headers: { 'content-type': type } });
    raw('bad JSON', '{"a":');
    raw('deep JSON array', `${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    raw('deep JSON object', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    raw('__proto__ keys', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}');
    raw('form body with NUL', `id=1&name=${encodeURIComponent(NUL)}`, 'application/x-www-form-urlencoded');
    body('array body', [1, 2, 3]);
    body('string body', 'text');
    body('NUL key', { [NUL]: 1 });
    const names = [...fields.map(([n]) => n), ...plan.names];
    body('1 MB in one field', { [nth(names, turn)]: MB });
    body('64 KB in every field', Object.fromEntries(names.map((n) => [n, LONG])));
  }
  if (url.includes(':') || url.includes('*')) {
    for (const seg of ['%00', '123456789012345678901234567890', '..%2F..%2Fetc%2Fpasswd', 'a%00b.txt']) {
      add(`path ${seg}`, { method: method as 'GET', url: url.replace(/:\w+|\*/g, seg) });
    }
  }
  return calls;
}

const show = (v: unknown) => JSON.stringify(v)?.slice(0, 60);

/**
 * Every route's calls. Full sweeps (every value of a field's kind) go to the routes that run code of
 * their own: the first route of each engine endpoint (the first `page`, the first `submit`, ...) for
 * the list parameters, and each hand-written route for the paging ones (its own parser, maybe); each
 * entity's first read and first write for its fields. Otherwise a route takes two values of each in
 * turn, different ones on each route, and the names its hand-written source reads one value each.
 */
export function planSweep(routes: { method: string; url: string }[]): Call[] {
  const files = sourceNames();
  const seen = new Set<string>();
  const first = (key: string) => !seen.has(key) && Boolean(seen.add(key));
  return routes.flatMap((r, turn) => {
    const handWritten = !ENGINE_ROUTE.test(r.url);
    const endpoint = handWritten ? r.url : r.url.split('/').pop()!;
    const entity = entityOf(r.url)?.key ?? r.url;
    const genericLead = first(`${r.method} ${endpoint}`) || handWritten;
    const fieldLead = first(`${r.method === 'GET' ? 'read' : 'write'} ${entity}`);
    return callsFor(r.method, r.url, {
      generic: genericLead && !handWritten ? Infinity : handWritten ? 2 : 1,
      paging: genericLead ? Infinity : 1,
      fields: fieldLead ? 4 : 1,
      names: handWritten ? namesOf(r.url, files) : [],
      turn,
    });
  });
}

const BOUNDARY = 'hostileboundary';
/** A part of a multipart body carrying a file (a text that is no file kind an upload takes). */
const filePart = (field: string, bytes = 'not a file of any accepted kind') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${bytes}\r\n`;
const fieldPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const CLOSE = `--${BOUNDARY}--\r\n`;
const WITH_BOUNDARY = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * Malformed uploads, each with what its refusal says (in English): every upload route answers each
 * with a 400 (platform/file-upload.ts). A `__proto__` field is dropped, so its file's kind is refused.
 */
export const MULTIPART_BODIES: { what: string; type: string; payload: string; says: RegExp }[] = [
  {
    what: 'multipart without a boundary',
    type: 'multipart/form-data',
    payload: `${filePart('file')}${CLOSE}`,
    says: /no valid boundary/,
  },
  { what: 'multipart without a boundary, empty', type: 'multipart/form-data', payload: '', says: /no valid boundary/ },
  { what: 'multipart, empty body', type: WITH_BOUNDARY, payload: '', says: /choose a file/ },
  { what: 'multipart closed before any part', type: WITH_BOUNDARY, payload: CLOSE, says: /choose a file/ },
  {
    what: 'multipart with a boundary too long',
    type: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    payload: `--${'b'.repeat(300)}--\r\n`,
    says: /no valid boundary/,
  },
  {
    what: 'multipart cut inside the file',
    type: WITH_BOUNDARY,
    payload: filePart('file').slice(0, -10),
    says: /incomplete/,
  },
  {
    what: 'multipart with the file in another field',
    type: WITH_BOUNDARY,
    payload: `${filePart('upload')}${CLOSE}`,
    says: /field named "file"/,
  },
  {
    what: 'multipart with too many parts',
    type: WITH_BOUNDARY,
    payload: `${Array.from({ length: 1001 }, (_, i) => fieldPart(`f${i}`, 'x')).join('')}${filePart('file')}${CLOSE}`,
    says: /too many parts/,
  },
  {
    what: 'multipart with a __proto__ field',
    type: WITH_BOUNDARY,
    payload: `${fieldPart('__proto__', 'x')}${filePart('file')}${CLOSE}`,
    says: /Excel|JPG|PDF/,
  },
];

/**
 * The query names the source reads an owner's id by (`'policyId'`, `'intellectPropertyId'`, ...): an
 * upload route is sent its owner's id under each, and reads its own.
 */
export function idNames(): string[] {
  const names = new Set<string>();
  for (const { text } of sourceNames()) for (const m of text.matchAll(/'([a-z][A-Za-z]*Id)'/g)) names.add(m[1]);
  return [...names].sort();
}
