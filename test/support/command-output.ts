import { Writable } from 'node:stream';

/**
 * A stream as a command sees its terminal (`isTTY`) or a pipe, 100 columns wide: what was written to it,
 * as text.
 */
export function commandOutput(isTTY: boolean) {
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  }) as Writable & Partial<NodeJS.WriteStream>;
  Object.assign(stream, { isTTY, columns: 100 });
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => written };
}
