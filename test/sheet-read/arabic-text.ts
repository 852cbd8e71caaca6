/** Deterministic Arabic product text for the large-sheet test and the bench. */
const WORDS = [
  'قميص',
  'قطني',
  'أزرق',
  'كوب',
  'أحمر',
  'مصباح',
  'مكتب',
  'حقيبة',
  'جلدية',
  'فاخرة',
  'ساعة',
  'يد',
  'رجالية',
  'نسائية',
  'مقاس',
  'واسع',
  'لون',
  'ذهبي',
  'عطر',
  'شرقي',
  'بخور',
  'عود',
  'طبيعي',
  'هدية',
];

export function arabicTitle(index: number): string {
  return `${WORDS[index % WORDS.length]!} ${WORDS[(index * 7 + 3) % WORDS.length]!} رقم ${index}`;
}

/** A longer text whose length varies, so characters land on every byte offset of the zip chunks. */
export function arabicDescription(index: number): string {
  const parts: string[] = [];
  for (let i = 0; i < 6 + (index % 11); i++) parts.push(WORDS[(index + i * 5) % WORDS.length]!);
  return `${parts.join(' ')}، وصف المنتج ${index}: خامة ممتازة وتوصيل سريع 🚚`;
}
