/**
 * The error catalog (ARCHITECTURE §5.4): every error the service answers, with its HTTP status and a stable code.
 * Body: `{ "message": …, "error": CODE, "param"?: … }`. Never a stack trace, SQL text or file path.
 */
export const ERRORS = {
  BAD_PARAMETER: { status: 400, message: 'A parameter is malformed.' },
  MISSING_PARAMETER: { status: 400, message: 'A required parameter is missing.' },
  OUT_OF_WINDOW: { status: 400, message: 'The requested page is outside the 10000-row window.' },
  BAD_BODY: { status: 400, message: 'The request body is not valid JSON of the expected shape.' },
  UNAUTHORIZED: { status: 401, message: 'This endpoint requires the CHAIN-PRO-API-KEY header.' },
  NOT_FOUND: { status: 404, message: 'No such endpoint.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed on this endpoint.' },
  QUERY_TIMEOUT: { status: 503, message: 'The query took longer than the configured timeout and was stopped.' },
  NOT_READY: { status: 503, message: 'No dataset is published yet.' },
  INTERNAL: { status: 500, message: 'Internal error.' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  message: string;
  error: ErrorCode;
  param?: string;
}

/** An error the handler answers from the catalog, e.g. `throw new ApiError('BAD_PARAMETER', 'limit must be…', 'limit')`. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly param?: string,
  ) {
    super(message ?? ERRORS[code].message);
  }

  get status(): number {
    return ERRORS[this.code].status;
  }

  body(): ErrorBody {
    return this.param ? { message: this.message, error: this.code, param: this.param } : { message: this.message, error: this.code };
  }
}
