import { FIT_COLUMNS, importFits, OPTIONAL_FIT_COLUMNS } from '#server/modules/catalog/import-fits.ts';
import { type CommandOutput, runImportCommand } from './import-command';

const USAGE = `Usage: npm run import:fits -- <file.csv>
Loads which laptop models parts fit into the shop's database (DATABASE_URL, else DATA_DIR) after
applying its migrations. The first line names the columns, in any order: ${FIT_COLUMNS.join(',')}
and, if wanted, ${OPTIONAL_FIT_COLUMNS.join(',')}. A model the shop does not have is created under its brand.
Nothing is written unless every row is fine. See README.md, "Importing fits".`;

const count = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/**
 * `npm run import:fits -- file.csv`, answering the process's exit code: 0 imported, 1 refused or
 * failed (with the reasons on stderr), 2 used wrongly.
 */
export function runImportFits(
  args: string[],
  env: Record<string, string | undefined>,
  out?: CommandOutput,
): Promise<number> {
  return runImportCommand(
    {
      usage: USAGE,
      phases: {
        checking: ['Checking', 'bytes'],
        matching: ['Matching', 'part numbers'],
        writing: ['Writing', 'fits'],
        indexing: ['Indexing', 'parts'],
      },
      run: importFits,
      done: ({ fits, written, modelsCreated }, file, seconds) =>
        `Imported ${count(fits, 'fit')} from ${file} (${written.toLocaleString('en-US')} new or changed, ` +
        `${count(modelsCreated, 'laptop model')} created) in ${seconds} s.`,
    },
    args,
    env,
    out,
  );
}
