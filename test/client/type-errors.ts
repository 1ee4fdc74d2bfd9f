/**
 * Type-level checks of the generated client, compiled by test/client/types.test.ts (and by the project
 * type-check). Each `@ts-expect-error` line must be a compile error (tsc reports an unused directive
 * otherwise); the test also strips the directives and checks tsc then fails on exactly those lines.
 * Nothing here runs.
 */
import { ToolApi, type DownloadableFile, type SavedFile, type TextUtilitiesReverseTextOutput } from '../../client/src/index.ts';

export async function typeChecks(api: ToolApi): Promise<void> {
  // Right inputs compile, and results are typed.
  const reversed: TextUtilitiesReverseTextOutput = await api.textUtilities.reverseText({ text: 'abc' });
  const text: string = reversed.text;
  const viaCall: string = (await api.call('textUtilities.reverseText', { text: 'abc' })).text;
  const cased = await api.textUtilities.textCaseConverter({ text: 'a b', case: 'snake' });
  const debit = await api.calculators.debitNoteCalculator({ originalAmount: 118, items: [{ unitPrice: 100 }] });
  const file: DownloadableFile = await api.documents.mdToHtml({ file: new Uint8Array([35, 32, 72]), fileName: 'out' });
  const bytes: Uint8Array = await file.download();
  const saved: SavedFile = await file.download('out.html');
  const fromPath = await api.documents.mdToHtml({ file: './notes.md' });
  const future: unknown = await api.callDynamic('someModule.toolNewerThanThisClient', { anything: 1 });
  void [text, viaCall, cased, debit, bytes, saved, fromPath, future];

  // @ts-expect-error unknown field name
  await api.textUtilities.reverseText({ txt: 'abc' });
  // @ts-expect-error wrong type of a field
  await api.textUtilities.reverseText({ text: 42 });
  // @ts-expect-error a required field is missing
  await api.textUtilities.reverseText({});
  // @ts-expect-error a value outside the enum
  await api.textUtilities.textCaseConverter({ text: 'a', case: 'shouting' });
  // @ts-expect-error a nested field of the wrong type
  await api.calculators.debitNoteCalculator({ originalAmount: 118, items: [{ unitPrice: true }] });
  // @ts-expect-error a typo in call()'s operation id (callDynamic is the escape hatch for ids known at run time)
  await api.call('textUtilities.reverseTxt', { text: 'abc' });
  // @ts-expect-error call() by a known operation id checks the input too
  await api.call('textUtilities.reverseText', { txt: 'abc' });
  // @ts-expect-error the result has no such field
  void (await api.textUtilities.reverseText({ text: 'a' })).nope;
  // @ts-expect-error a file tool needs its upload
  await api.documents.mdToHtml({});
  // @ts-expect-error a number is not a file
  await api.documents.mdToHtml({ file: 42 });
  // @ts-expect-error no such tool in the namespace
  await api.textUtilities.noSuchTool({ text: 'a' });
  // @ts-expect-error only file results have download()
  await (await api.textUtilities.reverseText({ text: 'a' })).download();
  // @ts-expect-error a GET tool's field of the wrong type
  await api.seoApis.metaTagsAnalyzer({ url: 42 });
}
