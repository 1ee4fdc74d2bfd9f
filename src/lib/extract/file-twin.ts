import { z } from 'zod';
import { withWarn, type ToolContext } from '../../core/context.ts';
import { defineTool, type AnyTool, type Tool, type ToolExample } from '../../registry/define-tool.ts';
import { listField } from '../../registry/fields.ts';
import { asFileError, sourceSchema, textFromUpload, UPLOAD_TEXT_SPEC, type UploadText } from './upload.ts';

/**
 * A `-file` tool is the upload twin of a text tool: the same analysis (the sibling's own `run`), with the text
 * extracted from an uploaded document instead of sent in a field, and `source` (what was read) added to the
 * result. The twin takes the sibling's other fields as they are; what it declares itself is what a reader of
 * the catalog sees (title, description, keywords, examples) and how much text the analysis takes.
 */
type Shape = z.ZodRawShape;
type Input<S extends Shape> = z.output<z.ZodObject<S>>;

export interface FileTwinSpec<S extends Shape, O extends z.ZodObject, T extends keyof S & string, E extends Shape> {
  /** The sibling's fields the upload stands in for; the extracted text goes into the first unless `toInput` says otherwise. */
  textFields: readonly [T, ...T[]];
  title: string;
  description: string;
  keywords: string[];
  /** Longest text the analysis takes: a longer document is a 400 naming `file`. */
  maxCharacters: number;
  /** The sibling's list fields, which a form field may also send as comma-separated text ("email,phone"). */
  listFields?: readonly Exclude<keyof S & string, T>[];
  /** Fields of the twin alone (e.g. which sheet of a workbook to read). */
  fields?: E;
  /** More multipart names for the upload field (e.g. "resume"). */
  aliases?: string[];
  /** The sibling's text fields from the upload, when it is more than its text (e.g. a spreadsheet read as CSV). */
  toInput?(upload: UploadText, input: Input<Omit<S, T> & E>, ctx: ToolContext): Partial<Input<S>>;
  examples: ToolExample<z.input<z.ZodObject<Omit<S, T> & E>>, z.output<O> & { source: z.output<typeof sourceSchema> }>[];
}

export function fileTwinOf<S extends Shape, O extends z.ZodObject, T extends keyof S & string, E extends Shape = Record<never, never>>(
  sibling: Tool<z.ZodObject<S>, O>,
  spec: FileTwinSpec<S, O, T, E>,
): AnyTool {
  const [textField] = spec.textFields;
  // Built from the sibling's schemas on first use, like every tool's (docs/writing-tools.md "Schemas").
  const input = () => {
    const kept = Object.entries(sibling.input.shape).filter(([name]) => !(spec.textFields as readonly string[]).includes(name));
    const shape = Object.fromEntries(
      kept.map(([name, field]) => [name, (spec.listFields as readonly string[] | undefined)?.includes(name) ? listField(field as z.ZodType) : field]),
    );
    return z.object({ ...shape, ...spec.fields }) as unknown as z.ZodObject<Omit<S, T> & E>;
  };
  const output = () => sibling.output.extend({ source: sourceSchema });
  const tool = defineTool({
    module: sibling.module,
    slug: `${sibling.slug}-file`,
    title: spec.title,
    description: spec.description,
    keywords: spec.keywords,
    input,
    output,
    ...(sibling.response === 'envelope' ? {} : { response: sibling.response }),
    upload: { ...UPLOAD_TEXT_SPEC, ...(spec.aliases ? { aliases: spec.aliases } : {}) },
    timeoutMs: 60_000,
    examples: spec.examples as ToolExample<z.input<ReturnType<typeof input>>, z.output<ReturnType<typeof output>>>[],
    run: async (values, ctx) => {
      const upload = await textFromUpload(ctx, { maxCharacters: spec.maxCharacters });
      const own = spec.toInput ? spec.toInput(upload, values as Input<Omit<S, T> & E>, ctx) : { [textField]: upload.text };
      // The sibling's notes about its text field ("resume looks like German…") are about the uploaded document.
      const twinCtx = withWarn(ctx, (message) => ctx.warn(message.startsWith(`${textField} `) ? `The ${message}` : message));
      try {
        const result = await sibling.run({ ...(values as object), ...own } as unknown as Input<S>, twinCtx);
        return { ...(result as object), source: upload.source } as z.input<ReturnType<typeof output>>;
      } catch (error) {
        throw asFileError(error, spec.textFields);
      }
    },
  });
  return tool as unknown as AnyTool;
}
