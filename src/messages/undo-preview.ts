/**
 * An undo's preview in English and Arabic, before it is sent (src/sync/undo/preview.ts writes it):
 * its head line, what it leaves alone, and what it cannot see.
 */

export const UNDO_PREVIEW_WORDS = {
  en: {
    head: (batch: string, send: number, left: number) =>
      `undo of batch ${batch}: ${send} product${send === 1 ? '' : 's'} put back, ${left} left alone`,
    unknown: 'not known',
    left: 'left alone:',
    sinceIncluded: (batches: string) => `changed since by ${batches}, included`,
    blind: "edits made in the store's admin since are not seen: catalog-sync compares with what it last sent",
  },
  ar: {
    head: (batch: string, send: number, left: number) =>
      `التراجع عن الدفعة ${batch}: يُرجَع ${send} منتج، ويُترك ${left} كما هو`,
    unknown: 'غير معروفة',
    left: 'يُترك كما هو:',
    sinceIncluded: (batches: string) => `تغيّر بعدها في ${batches}، واختير رغم ذلك`,
    blind: 'التعديلات التي أُجريت من لوحة المتجر منذ ذلك لا تُرى: يقارن catalog-sync بما أرسله آخر مرة',
  },
} as const;
