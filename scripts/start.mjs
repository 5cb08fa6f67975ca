// `npm start`: builds when needed, then runs the server in this process.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../dist/server/main.js');
