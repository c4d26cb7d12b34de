// The two @stdlib quantile functions endstate uses, bundled by `npm run
// build` into dist/stats/stdlib-quantiles.cjs (src/stats/stdlib-quantiles.ts
// loads it): one file instead of the hundreds of small modules the two
// packages are made of, so a package user neither installs nor loads them.
// @stdlib is Apache-2.0; the bundle keeps its licence comments at its end.
export { default as beta } from '@stdlib/stats-base-dists-beta-quantile';
export { default as normal } from '@stdlib/stats-base-dists-normal-quantile';
