/** Row messages in English and Arabic: the catalogue, its texts, and the language a person asked for. */
export { CATALOGUE, isMessageKey, messageText, ref, said, type MessageKey, type ParamsOf } from './catalogue.ts';
export { cliLang, isLang, langOfAcceptLanguage, langOfLocale } from './lang.ts';
export { inLang, textOf, type MessageCarrier } from './text-of.ts';
export { LANGS, type Lang, type MessageParams, type MessageRef, type ParamValue, type Said } from './types.ts';
