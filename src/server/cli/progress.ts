import cliProgress from 'cli-progress';

/** Progress of a long command, in named phases (each from 0 to its own total, counted in `unit`). */
export interface Progress {
  update(phase: string, done: number, total: number, unit: string): void;
  stop(): void;
}

/**
 * A progress bar on a terminal; when the output is a file or a pipe (CI, logs), a plain line per tenth
 * of each phase instead of a bar redrawn in place.
 */
export function progressOn(stream: NodeJS.WriteStream): Progress {
  return stream.isTTY ? terminalBar(stream) : plainLines(stream);
}

function terminalBar(stream: NodeJS.WriteStream): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '{phase} [{bar}] {percentage}% | {value}/{total} {unit}',
      hideCursor: true,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  );
  let current: string | null = null;
  return {
    update(phase, done, total, unit) {
      if (phase !== current) {
        if (current) bar.stop();
        current = phase;
        bar.start(total, done, { phase: phase.padEnd(8), unit });
      } else bar.update(done);
    },
    stop() {
      if (current) bar.stop();
      current = null;
    },
  };
}

function plainLines(stream: NodeJS.WriteStream): Progress {
  let current: string | null = null;
  let tenths = -1;
  return {
    update(phase, done, total, unit) {
      if (phase !== current) {
        current = phase;
        tenths = -1;
      }
      const reached = total > 0 ? Math.floor((done / total) * 10) : 10;
      if (reached > tenths) {
        tenths = reached;
        stream.write(`${phase}: ${reached * 10}% (${done}/${total} ${unit})\n`);
      }
    },
    stop() {},
  };
}
