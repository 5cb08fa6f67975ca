import { importParts } from '#server/modules/catalog/import.ts';
import {
  OPTIONAL_PART_COLUMNS,
  PART_COLUMNS,
  SPEC_COLUMN_PREFIX,
} from '#server/modules/catalog/parts-csv.ts';
import { type CommandOutput, runImportCommand } from './import-command';

const USAGE = `Usage: npm run import:parts -- <file.csv>
Loads parts into the shop's database (DATABASE_URL, else DATA_DIR) after applying its migrations.
The first line names the columns, in any order: ${PART_COLUMNS.join(',')}
and, if wanted, ${OPTIONAL_PART_COLUMNS.join(',')} (part numbers separated by |) and ${SPEC_COLUMN_PREFIX}<key> per spec.
Nothing is written unless every row is fine. See README.md, "Importing a catalogue".`;

/**
 * `npm run import:parts -- file.csv`, answering the process's exit code: 0 imported, 1 refused or
 * failed (with the reasons on stderr), 2 used wrongly.
 */
export function runImportParts(
  args: string[],
  env: Record<string, string | undefined>,
  out?: CommandOutput,
): Promise<number> {
  return runImportCommand(
    {
      usage: USAGE,
      phases: {
        checking: ['Checking', 'bytes'],
        writing: ['Writing', 'parts'],
        indexing: ['Indexing', 'indexes'],
      },
      run: importParts,
      done: ({ imported }, file, seconds) => `Imported ${imported} parts from ${file} in ${seconds} s.`,
    },
    args,
    env,
    out,
  );
}
