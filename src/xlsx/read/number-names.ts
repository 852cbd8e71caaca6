/**
 * Month and day names and the AM/PM markers for a format's locale prefix (`[$-401]` is ar-SA),
 * as LibreOffice renders them from its locale data (i18npool/source/localedata/data/ar_*.xml).
 * Excel takes them from Windows instead; docs/sheets.md says where the two differ. A prefix of
 * another language, or none, keeps the English names: the file does not carry Excel's display
 * language.
 */
import { localeIdOf } from './number-locale.ts';

export interface DateNames {
  months: readonly string[];
  /** `mmm`. */
  monthsShort: readonly string[];
  /** From Sunday. */
  days: readonly string[];
  /** `ddd`. */
  daysShort: readonly string[];
  am: string;
  pm: string;
}

const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ENGLISH_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const ENGLISH_NAMES: DateNames = {
  months: ENGLISH_MONTHS,
  monthsShort: ENGLISH_MONTHS.map((name) => name.slice(0, 3)),
  days: ENGLISH_DAYS,
  daysShort: ENGLISH_DAYS.map((name) => name.slice(0, 3)),
  am: 'AM',
  pm: 'PM',
};

/** Arabic names are written in full for `mmm` and `ddd` too (but Algeria's one-letter days). */
function arabic(months: readonly string[], days: readonly string[], daysShort = days): DateNames {
  return { months, monthsShort: months, days, daysShort, am: 'ص', pm: 'م' };
}

// prettier-ignore
const EGYPT_MONTHS = ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
// prettier-ignore
const LEVANT_MONTHS = ['كانون الثاني', 'شباط', 'آذار', 'نيسان', 'أيار', 'حزيران', 'تموز', 'آب', 'أيلول', 'تشرين الأول', 'تشرين الثاني', 'كانون الأول'];
// prettier-ignore
const ALGERIA_MONTHS = ['جانفي', 'فيفري', 'مارس', 'أفريل', 'ماي', 'جوان', 'جويلية', 'أوت', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
// prettier-ignore
const TUNISIA_MONTHS = ['جـانفي', 'فيفري', 'مـارس', 'أفريل', 'مــاي', 'جوان', 'جويلية', 'أوت', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
const DAYS = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'];

/** ar_SA, which the Gulf locales and Jordan, Iraq, Yemen and Libya refer to. */
const SAUDI = arabic(EGYPT_MONTHS, DAYS);
const EGYPT = arabic(
  EGYPT_MONTHS.map((name, i) => (i === 3 ? 'ابريل' : name)),
  DAYS,
);
// LibreOffice's ar_OM spells January and Monday so.
const OMAN = arabic(
  EGYPT_MONTHS.map((name, i) => (i === 0 ? 'يانير' : name)),
  DAYS.map((name, i) => (i === 1 ? 'الإثنين' : name)),
);
const LEVANT = arabic(LEVANT_MONTHS, DAYS);
const ALGERIA = arabic(ALGERIA_MONTHS, DAYS, ['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س']);
const TUNISIA = arabic(TUNISIA_MONTHS, DAYS);

/** By Windows locale id (the prefix's low 16 bits). */
const ARABIC: ReadonlyMap<number, DateNames> = new Map([
  [0x0401, SAUDI], // ar-SA
  [0x3801, SAUDI], // ar-AE
  [0x3401, SAUDI], // ar-KW
  [0x4001, SAUDI], // ar-QA
  [0x3c01, SAUDI], // ar-BH
  [0x2401, SAUDI], // ar-YE
  [0x2c01, SAUDI], // ar-JO
  [0x0801, SAUDI], // ar-IQ
  [0x1001, SAUDI], // ar-LY
  [0x0c01, EGYPT], // ar-EG
  [0x2001, OMAN], // ar-OM
  [0x3001, LEVANT], // ar-LB
  [0x2801, LEVANT], // ar-SY
  [0x1401, ALGERIA], // ar-DZ
  [0x1c01, TUNISIA], // ar-TN
  [0x1801, TUNISIA], // ar-MA
]);

/** Windows' primary language id of Arabic (the locale id's low 10 bits). */
const LANG_ARABIC = 0x01;

/** The names a section's locale prefix asks for; English without one, or for another language. */
export function dateNamesOf(section: string): DateNames {
  const id = localeIdOf(section);
  if (id === null) return ENGLISH_NAMES;
  const locale = id & 0xffff;
  // Another Arabic locale (ar-PS, ...) gets ar_SA's names, as LibreOffice falls back to them.
  return ARABIC.get(locale) ?? ((locale & 0x3ff) === LANG_ARABIC ? SAUDI : ENGLISH_NAMES);
}
