/**
 * Catalog bodies for the errors answered before a route runs: a URL Fastify cannot decode (`/api/%ZZ`), a request
 * Node's HTTP parser rejects (headers over its 16 KiB limit → 431, malformed request line → 400), and URLs longer
 * than the configured limit (414). Without these the framework answers with its own bodies.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../wire/errors.ts';
import { toJson } from '../wire/json.ts';

function send(reply: FastifyReply, err: ApiError): void {
  void reply.code(err.status).type('application/json; charset=utf-8').send(toJson(err.body()));
}

/** Fastify's `frameworkErrors`: a URL that does not decode is 400 BAD_URL, anything else 400 BAD_REQUEST. */
export function catalogFrameworkError(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  send(reply, new ApiError(error.code === 'FST_ERR_BAD_URL' ? 'BAD_URL' : 'BAD_REQUEST'));
}

/** Fastify's `clientErrorHandler`: the raw answer to a request Node could not parse, then the socket is closed. */
export function catalogClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
    socket.destroy();
    return;
  }
  const e = new ApiError(err.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST');
  const body = toJson(e.body());
  const reason = e.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${e.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * An onRequest hook answering 400 BAD_REQUEST (a catalog body naming the header) to an HTTP/1.1 request without a
 * Host header. Node's own check (`requireHostHeader`, turned off in app.ts) answers it with an empty body.
 */
export function requireHost(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const raw = req.raw;
  if (raw.headers.host === undefined && raw.httpVersionMajor === 1 && raw.httpVersionMinor >= 1) {
    reply.header('connection', 'close');
    return send(reply, new ApiError('BAD_REQUEST', 'An HTTP/1.1 request needs a Host header.'));
  }
  done();
}

/** An onRequest hook answering 414 URI_TOO_LONG for a URL longer than `maxBytes`. */
export function rejectLongUrls(maxBytes: number) {
  return (req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    if (Buffer.byteLength(req.url) > maxBytes) return send(reply, new ApiError('URI_TOO_LONG'));
    done();
  };
}
