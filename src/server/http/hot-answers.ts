import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { CachedJson } from '../modules/catalog/catalog-cache';
import { type BodyForClient, bodyForClient, JSON_TYPE } from './encoded-body';

export interface HotAnswerOptions {
  /** The fresh prepared answer Fastify last gave for this exact GET address, if any. */
  answerFor(url: string): CachedJson | undefined;
  /** The security headers of an API answer (http/security-headers.ts). */
  headers: Readonly<Record<string, string>>;
  /** The shop's request ids, shared with Fastify's. */
  nextRequestId(): string;
  /**
   * False while the shop sheds load, shuts down or logs every request: then Fastify answers (with its
   * 503, its Connection: close or its log lines), so that early answers change nothing but the cost.
   */
  open(): boolean;
}

/** The header lines (name, value, name, value…) of one answer, but for the request id, per way of sending it. */
interface HeaderLines {
  notModified: string[];
  identity: string[];
  br?: string[];
  gzip?: string[];
}

/**
 * Hot catalogue answers (first pages, categories, single parts) sent before routing. Fastify answered
 * the same address once, through every hook, validation and the route (which is how an address gets
 * here: send-cached.ts remembers it); while the catalogue cache holds that answer fresh, a repeat is
 * sent from it directly with the same status, headers and body, skipping the per-request machinery
 * (docs/decisions/023-hot-answers-before-routing.md). Each answer's header lines are written out once;
 * a request adds only its id. Returns false, touching nothing, when the request is not one of those.
 */
export function hotAnswers(options: HotAnswerOptions) {
  const security = Object.entries(options.headers).flat();
  const prepared = new WeakMap<CachedJson, HeaderLines>();
  const linesOf = (answer: CachedJson): HeaderLines => {
    let lines = prepared.get(answer);
    if (!lines) {
      const common = [...security, ...Object.entries(answer.headers).flat()];
      const ok = (body: BodyForClient) => [
        ...common,
        'content-type',
        JSON_TYPE,
        ...(body.varies ? ['vary', 'accept-encoding'] : []),
        ...(body.encoding ? ['content-encoding', body.encoding] : []),
        'content-length',
        String(body.bytes.length),
      ];
      const identity = bodyForClient(answer, undefined);
      lines = {
        notModified: common,
        identity: ok(identity),
        ...(identity.varies && {
          br: ok(bodyForClient(answer, 'br')),
          gzip: ok(bodyForClient(answer, 'gzip')),
        }),
      };
      prepared.set(answer, lines);
    }
    return lines;
  };

  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' || request.url === undefined) return false;
    const answer = options.answerFor(request.url);
    if (!answer || !options.open()) return false;
    const lines = linesOf(answer);
    if (request.headers['if-none-match'] === answer.etag) {
      response.writeHead(304, [...lines.notModified, 'x-request-id', options.nextRequestId()]).end();
      return true;
    }
    const body = bodyForClient(answer, request.headers['accept-encoding']);
    const chosen = (body.encoding && lines[body.encoding]) || lines.identity;
    response.writeHead(200, [...chosen, 'x-request-id', options.nextRequestId()]).end(body.bytes);
    return true;
  };
}

/** The settings Fastify applies to the server it makes (its defaults filled in). */
interface ServerSettings {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * Fastify's HTTP server with hot answers in front: what Fastify would make itself (its timeouts
 * included), handing it every request that is not answered before routing.
 */
export function serverWithHotAnswers(
  answerHot: (request: IncomingMessage, response: ServerResponse) => boolean,
): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as unknown as ServerSettings;
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!answerHot(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
