// `npm run import:fits -- fits.csv`: loads which laptops parts fit from CSV (src/server/cli/import-fits.ts).
import { runImportFits } from '#server/cli/import-fits.ts';

process.exitCode = await runImportFits(process.argv.slice(2), process.env);
