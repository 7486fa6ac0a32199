/**
 * The benchmark's parameter samples and URL recipes, kept at this path because bench/body-identity.ts (`bench-urls`)
 * loads `bench/samples.ts` from the root of any checkout (older ones included). The code lives in
 * src/bench/sample-workload.ts (`tronlake bench sample-workload`).
 */
export { sampleParameters, urlsFor, type Samples } from '../src/bench/sample-workload.ts';
