import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderDatasetsDoc } from '../../src/lake/datasets/doc.ts';

describe('docs/datasets.md', () => {
  it('is current with the catalog (run `npm run docs` after changing a dataset)', () => {
    expect(readFileSync(new URL('../../docs/datasets.md', import.meta.url), 'utf8')).toBe(renderDatasetsDoc());
  });
});
