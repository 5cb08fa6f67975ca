// `npm run import:parts -- parts.csv`: loads a catalogue from CSV (src/server/cli/import-parts.ts).
import { runImportParts } from '#server/cli/import-parts.ts';

process.exitCode = await runImportParts(process.argv.slice(2), process.env);
