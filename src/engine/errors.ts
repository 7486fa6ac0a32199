/**
 * A query read a damaged or missing file. `dataset` names what the answer needed (never a path: that goes to the
 * log through `detail`); several names when DuckDB's error did not say which file (comma-separated).
 */
export class DataUnavailableError extends Error {
  constructor(
    readonly dataset: string,
    readonly detail: string,
  ) {
    super(`dataset ${dataset} is unavailable`);
  }
}

