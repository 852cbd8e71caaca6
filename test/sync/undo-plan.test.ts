/**
 * The undo planner, table-tested (issue 38): the store's records in, for one batch what is put
 * back and what is left alone and why; and the undo's sheet, read back by the sheet's own mapper.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerEntry, ReplacedStep } from '../../src/ledger/ledger.ts';
import { createSheetMapper } from '../../src/sheet/index.ts';
import { planUndo, type UndoOptions, type UndoPlan } from '../../src/sync/undo/plan.ts';
import { undoSheet } from '../../src/sync/undo/sheet.ts';

const rec = (v: Record<string, unknown>, u: ReplacedStep[], ln?: string[]): LedgerEntry => ({
  fp: 'f',
  st: 'synced',
  batch: u.at(-1)?.b ?? 'B0',
  row: 2,
  v,
  u,
  ...(ln ? { ln } : {}),
});
const price = (b: string, was: unknown): ReplacedStep => ({ b, was: { sale_price: was } });

type Case = [string, [string, LedgerEntry][], UndoOptions, Partial<UndoPlan>];

describe('planUndo', () => {
  it.each<Case>([
    [
      'a price put back',
      [['p:7', rec({ sale_price: 12, title: 'Lamp' }, [price('B1', 10)])]],
      {},
      {
        send: [{ productId: 7, values: { sale_price: 10 }, now: { sale_price: 12 }, changedSince: [], notKnown: [] }],
        left: [],
      },
    ],
    [
      'a product the batch did not change is not touched',
      [['p:7', rec({ sale_price: 12 }, [price('B0', 10)])]],
      {},
      { send: [], left: [] },
    ],
    [
      'changed since by a later batch: left alone, naming the latest',
      [['p:7', rec({ sale_price: 14 }, [price('B1', 10), price('B2', 12), price('B3', 13)])]],
      {},
      {
        send: [],
        left: [
          {
            key: 'p:7',
            productId: 7,
            code: 'changed_since',
            reason: { key: 'undo.changed_since', params: { batch: 'B3' } },
          },
        ],
      },
    ],
    [
      'changed since, included by its product_id',
      [['p:7', rec({ sale_price: 14 }, [price('B1', 10), price('B2', 12)])]],
      { include: new Set([7]) },
      {
        send: [
          { productId: 7, values: { sale_price: 10 }, now: { sale_price: 14 }, changedSince: ['B2'], notKnown: [] },
        ],
      },
    ],
    [
      'changed since, included with --include-changed',
      [['p:7', rec({ sale_price: 14 }, [price('B1', 10), price('B2', 12)])]],
      { includeChanged: true },
      { left: [] },
    ],
    [
      'a status change: the status before',
      [['p:7', rec({ product_status: 0 }, [{ b: 'B1', was: { product_status: 1 } }])]],
      {},
      { send: [{ productId: 7, values: {}, status: 1, now: { product_status: 0 }, changedSince: [], notKnown: [] }] },
    ],
    [
      'a status change with no status known before: the opposite flag',
      [['p:7', rec({ product_status: 0 }, [{ b: 'B1', was: { product_status: null } }])]],
      {},
      { send: [{ productId: 7, values: {}, status: 1, now: { product_status: 0 }, changedSince: [], notKnown: [] }] },
    ],
    [
      'a field with no value known before: the others put back, it named',
      [['p:7', rec({ sale_price: 12, stock: 3 }, [{ b: 'B1', was: { sale_price: 10, stock: null } }])]],
      {},
      {
        send: [
          {
            productId: 7,
            values: { sale_price: 10 },
            now: { sale_price: 12 },
            changedSince: [],
            notKnown: ['stock'],
            note: { key: 'undo.not_known', params: { fields: 'stock' } },
          },
        ],
      },
    ],
    [
      'nothing known before: nothing to put back',
      [['p:7', rec({ sale_price: 12 }, [price('B1', null)])]],
      {},
      {
        send: [],
        left: [
          {
            key: 'p:7',
            productId: 7,
            code: 'nothing_known',
            reason: { key: 'undo.nothing_known', params: { fields: 'sale_price' } },
          },
        ],
      },
    ],
    [
      'a create, linked, with a hidden status: switched off (the linked record once)',
      [
        ['p:8', rec({ title: 'Lamp', barcode: 'A' }, [{ b: 'B1', was: {}, c: 1 }], ['k:barcode:A'])],
        ['k:barcode:A', rec({ title: 'Lamp', barcode: 'A' }, [{ b: 'B1', was: {}, c: 1 }], ['p:8'])],
      ],
      { hiddenStatus: 0 },
      {
        send: [
          {
            productId: 8,
            values: {},
            status: 0,
            now: {},
            changedSince: [],
            notKnown: [],
            note: { key: 'undo.created_hidden', params: { status: 0 } },
          },
        ],
        left: [],
      },
    ],
    [
      'a create, linked, without a hidden status: listed, nothing sent',
      [['p:8', rec({ title: 'Lamp' }, [{ b: 'B1', was: {}, c: 1 }], ['k:barcode:A'])]],
      {},
      {
        send: [],
        left: [
          {
            key: 'p:8',
            productId: 8,
            code: 'created_no_hidden',
            reason: { key: 'undo.created_no_hidden', params: {} },
          },
        ],
      },
    ],
    [
      'a create not linked: listed, nothing sent, even with a hidden status',
      [['k:barcode:A', rec({ title: 'Lamp' }, [{ b: 'B1', was: {}, c: 1 }])]],
      { hiddenStatus: 0 },
      {
        send: [],
        left: [
          {
            key: 'k:barcode:A',
            productId: null,
            code: 'created_unlinked',
            reason: { key: 'undo.created_unlinked', params: {} },
          },
        ],
      },
    ],
  ])('%s', (_, records, options, expected) => {
    expect(planUndo('B1', records, options)).toMatchObject(expected);
  });

  it('lists what it leaves in product_id order, whatever order the records come in (a Redis scan has none)', () => {
    const later = (id: number): [string, LedgerEntry] => [
      `p:${id}`,
      rec({ sale_price: 1 }, [price('B1', 2), price('B2', 1)]),
    ];
    const unlinked: [string, LedgerEntry] = ['k:barcode:A', rec({ title: 'Lamp' }, [{ b: 'B1', was: {}, c: 1 }])];
    const plan = planUndo('B1', [unlinked, later(9), later(3), later(5)]);
    expect(plan.left.map((l) => l.key)).toEqual(['p:3', 'p:5', 'p:9', 'k:barcode:A']);
  });
});

describe('undoSheet', () => {
  it('writes each product as a row the mapper reads back as the update that puts its values back', () => {
    const sheet = undoSheet([
      {
        productId: 7,
        values: { sale_price: 10, prices: { '1': 5 }, title: 'Lamp' },
        status: 1,
        now: {},
        changedSince: [],
        notKnown: [],
      },
      { productId: 8, values: {}, status: 0, now: {}, changedSince: [], notKnown: [] },
    ]);
    expect(sheet).toEqual([
      ['product_id', 'sale_price', 'prices.1', 'title', 'product_status'],
      ['7', '10', '5', 'Lamp', '1'],
      ['8', '', '', '', '0'],
    ]);
    const [header, ...rows] = sheet;
    const mapper = createSheetMapper(header!);
    const plans = rows.map((values, i) => mapper.mapRow({ row: i + 2, values }).plan);
    expect(plans).toEqual([
      { kind: 'update', payload: { product_id: 7, sale_price: 10, prices: { '1': 5 }, title: 'Lamp' }, status: 1 },
      { kind: 'status', payload: { product_id: 8, product_status: 0 } },
    ]);
  });
});
