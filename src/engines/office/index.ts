/** The office engine's interface (the warm LibreOffice pool implements it). */
export interface OfficeConversion {
  /** Absolute path of the source file (in a scratch dir). */
  input: string;
  /** Where to write the result. */
  outputDir: string;
  /** Target extension, e.g. 'pdf', 'docx', 'xlsx', 'csv', 'txt', 'html', 'png', 'odt'. */
  format: string;
  /** Explicit LibreOffice export filter, e.g. 'writer_pdf_Export'. */
  filter?: string;
  filterOptions?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface OfficeEngine {
  /** Resolves with the output file path. */
  convert(job: OfficeConversion): Promise<string>;
  /** LibreOffice is installed here. */
  available(): boolean;
  stats(): { workers: number; busy: number; queued: number; restarts: number; jobs: number; mode: 'uno' | 'cold' };
  close(): Promise<void>;
}
