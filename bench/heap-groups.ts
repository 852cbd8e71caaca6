/**
 * A V8 heap snapshot (.heapsnapshot) summed by what its objects are: self size and count per
 * constructor (objects), function name (closures) or kind (strings, code, arrays), and the large
 * single nodes by kind and size (a table a client allocates per instance shows as many nodes of
 * one size). Read from the bytes: a snapshot of a few hundred MB is too long for one JS string.
 */
import { readFile } from 'node:fs/promises';

export interface HeapGroup {
  count: number;
  bytes: number;
}

export interface HeapGroups {
  total: number;
  nodes: number;
  /** `<type>:<name>` (objects, closures, native, hidden, arrays) or `<type>` (strings, code, ...). */
  groups: Map<string, HeapGroup>;
  /** Nodes of 8 KB or more, by `<type>:<name>:<self size>`. */
  large: Map<string, HeapGroup>;
}

const NAMED = new Set(['object', 'closure', 'native', 'hidden', 'array', 'object shape', 'synthetic']);

/** The index just past `"<key>":[` in the snapshot's bytes. */
function arrayStart(bytes: Buffer, key: string, from = 0): number {
  const at = bytes.indexOf(`"${key}":[`, from, 'latin1');
  if (at < 0) throw new Error(`no "${key}" in the heap snapshot`);
  return at + key.length + 4;
}

/** The integers of the array starting at `start`, up to its closing bracket. */
function integers(bytes: Buffer, start: number): { values: number[]; end: number } {
  const values: number[] = [];
  let value = 0;
  let inNumber = false;
  let i = start;
  for (; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      inNumber = true;
    } else {
      if (inNumber) values.push(value);
      value = 0;
      inNumber = false;
      if (c === 93) break;
    }
  }
  return { values, end: i };
}

/** The `strings` array: JSON strings never hold a raw `]` outside quotes, so its end is found by scanning quotes. */
function strings(bytes: Buffer, start: number): string[] {
  let i = start;
  let quoted = false;
  for (; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (quoted) {
      if (c === 92) i++;
      else if (c === 34) quoted = false;
    } else if (c === 34) quoted = true;
    else if (c === 93) break;
  }
  return JSON.parse(bytes.toString('utf8', start - 1, i + 1)) as string[];
}

export async function heapGroups(file: string): Promise<HeapGroups> {
  const bytes = await readFile(file);
  const metaEnd = bytes.indexOf('"nodes":[', 0, 'latin1');
  const head = bytes.toString('utf8', 0, metaEnd).replace(/,\s*$/, '') + '}';
  const { snapshot } = JSON.parse(head) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  };
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const nodes = integers(bytes, arrayStart(bytes, 'nodes')).values;
  const names = strings(bytes, arrayStart(bytes, 'strings', metaEnd));
  const groups = new Map<string, HeapGroup>();
  const large = new Map<string, HeapGroup>();
  const add = (map: Map<string, HeapGroup>, key: string, size: number) => {
    const group = map.get(key) ?? { count: 0, bytes: 0 };
    group.count++;
    group.bytes += size;
    map.set(key, group);
  };
  let total = 0;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt!]!]!;
    const size = nodes[i + sizeAt!]!;
    const name = NAMED.has(type) ? `${type}:${names[nodes[i + nameAt!]!]!.slice(0, 60)}` : type;
    total += size;
    add(groups, name, size);
    if (size >= 8192) add(large, `${name}:${size}`, size);
  }
  return { total, nodes: nodes.length / fields.length, groups, large };
}

/** The groups that grew most from `a` to `b`, per `per` (e.g. per busy store added). */
export function grownMost(
  a: Map<string, HeapGroup>,
  b: Map<string, HeapGroup>,
  per: number,
  top: number,
): { key: string; bytes: number; count: number }[] {
  return [...b.entries()]
    .map(([key, g]) => {
      const before = a.get(key) ?? { count: 0, bytes: 0 };
      return { key, bytes: (g.bytes - before.bytes) / per, count: (g.count - before.count) / per };
    })
    .sort((x, y) => y.bytes - x.bytes)
    .slice(0, top);
}
