-- /api/token/all: number of tokens (the envelope's `total`).
SELECT count(*) AS n FROM tokens;
