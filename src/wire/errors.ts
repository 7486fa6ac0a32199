/**
 * The error catalog (ARCHITECTURE §5.4): every error the service answers, with its HTTP status and a stable code.
 * Body: `{ "message": …, "error": CODE, "param"?: … }`. Never a stack trace, SQL text or file path.
 */
export const ERRORS = {
  BAD_PARAMETER: { status: 400, message: 'A parameter is malformed.' },
  MISSING_PARAMETER: { status: 400, message: 'A required parameter is missing.' },
  OUT_OF_WINDOW: { status: 400, message: 'The requested page is outside the 10000-row window.' },
  BAD_BODY: { status: 400, message: 'The request body is not valid JSON of the expected shape.' },
  BAD_URL: { status: 400, message: 'The request URL is malformed (invalid percent-encoding).' },
  BAD_REQUEST: { status: 400, message: 'The request could not be read.' },
  UNAUTHORIZED: { status: 401, message: 'This endpoint requires the CHAIN-PRO-API-KEY header.' },
  NOT_FOUND: { status: 404, message: 'No such endpoint.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed on this endpoint.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is larger than the limit.' },
  URI_TOO_LONG: { status: 414, message: 'The request URL is longer than the limit.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be JSON (content-type: application/json).' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are larger than the limit.' },
  QUERY_TIMEOUT: { status: 503, message: 'The query took longer than the configured timeout and was stopped.' },
  EXPORT_LIMIT: { status: 503, message: "The export ran past the operator's limit (--export-max-ms / --export-max-rows) before its first row and was stopped." },
  OVERLOADED: { status: 503, message: 'The server is at its configured number of concurrent requests; retry after the Retry-After seconds.' },
  DATA_UNAVAILABLE: { status: 503, message: 'A data file this answer needs is damaged or missing.' },
  ENGINE_FAULT: { status: 503, message: 'The query engine hit an internal error and is being restarted; retry shortly.' },
  NOT_READY: { status: 503, message: 'No dataset is published yet.' },
  INTERNAL: { status: 500, message: 'Internal error.' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  message: string;
  error: ErrorCode;
  param?: string;
  /** DATA_UNAVAILABLE: the dataset (never a file path). */
  dataset?: string;
}

/** An error the handler answers from the catalog, e.g. `throw new ApiError('BAD_PARAMETER', 'limit must be…', 'limit')`. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly param?: string,
    readonly dataset?: string,
  ) {
    super(message ?? ERRORS[code].message);
  }

  get status(): number {
    return ERRORS[this.code].status;
  }

  body(): ErrorBody {
    const b: ErrorBody = { message: this.message, error: this.code };
    if (this.param) b.param = this.param;
    if (this.dataset) b.dataset = this.dataset;
    return b;
  }
}
