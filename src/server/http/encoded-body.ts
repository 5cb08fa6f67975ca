import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A response body prepared once: its bytes (a hot answer is sent thousands of times a second, and a
 * string would be encoded for each), its ETag, and brotli/gzip copies made on first need.
 */
export interface EncodedBody {
  bytes: Buffer;
  etag: string;
  encoded(encoding: 'br' | 'gzip'): Buffer;
}

export function encodedBody(body: string): EncodedBody {
  const bytes = Buffer.from(body);
  const encodings: Partial<Record<'br' | 'gzip', Buffer>> = {};
  return {
    bytes,
    etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
    encoded(encoding) {
      encodings[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(bytes, { level: 6 });
      return encodings[encoding];
    },
  };
}

/** Bodies this small are sent as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED_LENGTH = 1024;

/**
 * Sends a prepared body compressed when the client accepts it. A body too small to compress is the
 * same for every client, so only the larger ones say that they vary by Accept-Encoding.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, prepared: EncodedBody) {
  if (prepared.bytes.length <= MIN_COMPRESSED_LENGTH) return reply.send(prepared.bytes);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (encoding) return reply.header('content-encoding', encoding).send(prepared.encoded(encoding));
  return reply.send(prepared.bytes);
}
