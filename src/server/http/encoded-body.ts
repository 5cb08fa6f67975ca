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

/** The type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Bodies this small are sent as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED_LENGTH = 1024;

/** A prepared body as one client gets it. */
export interface BodyForClient {
  bytes: Buffer;
  /** The Content-Encoding, when compressed. */
  encoding?: 'br' | 'gzip';
  /** Whether the body depends on Accept-Encoding (a small one never does). */
  varies: boolean;
}

/**
 * The bytes to send to a client with this Accept-Encoding: brotli or gzip when it takes them and the
 * body is large enough to gain. One rule for Fastify's replies (sendEncoded) and the early answers.
 */
export function bodyForClient(prepared: EncodedBody, acceptEncoding: string | undefined): BodyForClient {
  if (prepared.bytes.length <= MIN_COMPRESSED_LENGTH) return { bytes: prepared.bytes, varies: false };
  const accepted = acceptEncoding ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  return encoding
    ? { bytes: prepared.encoded(encoding), encoding, varies: true }
    : { bytes: prepared.bytes, varies: true };
}

/**
 * Sends a prepared body compressed when the client accepts it. A body too small to compress is the
 * same for every client, so only the larger ones say that they vary by Accept-Encoding.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, prepared: EncodedBody) {
  const body = bodyForClient(prepared, request.headers['accept-encoding']);
  if (body.varies) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  }
  if (body.encoding) reply.header('content-encoding', body.encoding);
  return reply.send(body.bytes);
}
