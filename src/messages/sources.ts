/**
 * What a scheduled job says when its sheet cannot be downloaded: the job, where from (scheme, host
 * and path only: a query or user info may hold a secret) and what a person should check. A
 * library's own reason (an HTTP status line, a system error) stays in its English words.
 */
import { entry } from './types.ts';

export const SOURCE_MESSAGES = {
  'source.download_failed': entry(
    ['job', 'reason', 'check'],
    (p) => `job "${p.job}" cannot download its sheet: ${p.reason}; check ${p.check}`,
    (p) => `تعذّر على المهمة "${p.job}" تنزيل جدولها: ${p.reason}؛ تحقّق من ${p.check}`,
  ),
  'source.check.credentials': entry(
    ['file'],
    (p) => `the headers in ${p.file} (a token or password that is wrong or expired)`,
    (p) => `الترويسات في ${p.file} (رمز أو كلمة مرور خاطئة أو منتهية)`,
  ),
  'source.check.add_credentials': entry(
    [],
    () => 'whether the server needs credentials (add headers_file: to the job file)',
    () => 'ما إذا كان الخادم يطلب بيانات دخول (أضف headers_file: إلى ملف المهمة)',
  ),
  'source.check.path': entry(
    [],
    () => 'the path in source: (the server has no such file)',
    () => 'المسار في source: (لا يوجد ملف كهذا على الخادم)',
  ),
  'source.check.certificate': entry(
    [],
    () => "the server's certificate (ca_file: in the job file names the CA that signed it)",
    () => 'شهادة الخادم (يحدّد ca_file: في ملف المهمة الجهة التي وقّعتها)',
  ),
  'source.check.host': entry(
    [],
    () => 'the host and port in source: and that the server is up',
    () => 'المضيف والمنفذ في source: وأن الخادم يعمل',
  ),
  'source.check.timeout': entry(
    ['ms'],
    (p) => `that the server answers and sends the whole file within ${p.ms} ms`,
    (p) => `أن الخادم يجيب ويرسل الملف كاملًا خلال ${p.ms} ملّي ثانية`,
  ),
  'source.check.size': entry(
    ['bytes'],
    (p) => `the file's size (the limit is ${p.bytes} bytes)`,
    (p) => `حجم الملف (الحدّ ${p.bytes} بايت)`,
  ),
  'source.check.redirects': entry(
    ['max'],
    (p) => `the URL in source: (more than ${p.max} redirects)`,
    (p) => `الرابط في source: (أكثر من ${p.max} تحويلات)`,
  ),
  'source.check.cut': entry(
    [],
    () => 'the server: it sent less than the file it announced (nothing was synced; the next run tries again)',
    () => 'الخادم: أرسل أقل من الملف الذي أعلنه (لم يُزامَن شيء؛ يحاول التشغيل التالي مرة أخرى)',
  ),
  'source.check.host_key_changed': entry(
    ['actual', 'pinned'],
    (p) =>
      `the server's host key: it is ${p.actual}, the job file pins ${p.pinned} (nothing was downloaded; if the supplier confirms the new key, put it in host_key:)`,
    (p) =>
      `مفتاح المضيف للخادم: هو ${p.actual}، وملف المهمة يثبّت ${p.pinned} (لم يُنزَّل شيء؛ إن أكّد المورّد المفتاح الجديد فضعه في host_key:)`,
  ),
  'source.check.host_key_unknown': entry(
    ['actual'],
    (p) =>
      `the server's host key: it is ${p.actual} and the job file pins none (nothing was downloaded; once the supplier confirms it, add host_key: ${p.actual})`,
    (p) =>
      `مفتاح المضيف للخادم: هو ${p.actual} ولا يثبّت ملف المهمة أي مفتاح (لم يُنزَّل شيء؛ بعد أن يؤكّده المورّد أضف host_key: ${p.actual})`,
  ),
  'source.check.ssh_credentials': entry(
    ['file'],
    (p) => `the user in source: and the key or password in ${p.file}`,
    (p) => `المستخدم في source: والمفتاح أو كلمة المرور في ${p.file}`,
  ),
  'source.check.s3_credentials': entry(
    ['from'],
    (p) => `the access key and its rights on the bucket (${p.from})`,
    (p) => `مفتاح الوصول وصلاحياته على الحاوية (${p.from})`,
  ),
  'source.check.folder': entry(
    [],
    () => 'the folder in source: (it must exist and be readable by the service)',
    () => 'المجلد في source: (يجب أن يكون موجودًا وأن تقرأه الخدمة)',
  ),
  'source.check.server': entry(
    [],
    () => 'the server and the URL in source:',
    () => 'الخادم والرابط في source:',
  ),
};
