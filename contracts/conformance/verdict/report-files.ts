/** The report files of a run (`--report json=FILE`, `--report junit=FILE`), as `verify` and `explore` write them. */
import { writeFile } from 'node:fs/promises';
import { TargetProblem } from '../target/preflight.js';
import { escapeXml } from './junit.js';
import { MASK, type Masker } from './mask.js';
import { jsonEscaped } from './visible.js';

export interface ReportFile {
  format: 'json' | 'junit';
  path: string;
}

/**
 * Writes `report` (masked already, as data) to each file asked for: as JUnit XML by `junit`, or as JSON with the
 * target's control characters escaped; the text is masked once more as it is written, with the mask as its format
 * writes it. A file that cannot be written is a TargetProblem (exit 2), naming it.
 */
export async function writeReportFiles<R>(
  files: readonly ReportFile[],
  report: R,
  junit: (report: R) => string,
  masker: Masker,
): Promise<void> {
  for (const { format, path } of files) {
    const isJunit = format === 'junit';
    const text = isJunit ? junit(report) : `${jsonEscaped(JSON.stringify(report, null, 2))}\n`;
    await writeFile(path, masker.text(text, isJunit ? escapeXml(MASK) : MASK)).catch((error: Error) => {
      throw new TargetProblem(`cannot write the ${format} report to ${path}: ${error.message}`);
    });
  }
}
