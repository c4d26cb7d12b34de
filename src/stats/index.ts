export { clusterBootstrapInterval } from './cluster-bootstrap-interval.js';
export type {
  ClusterBootstrapInterval,
  ClusterBootstrapMethod,
  ClusterBootstrapOptions,
  TrialCluster,
} from './cluster-bootstrap-interval.js';
export { describeSample } from './describe-sample.js';
export type { Description } from './describe-sample.js';
export { mean } from './mean.js';
export { normalCdf } from './normal-cdf.js';
export { normalQuantile } from './normal-quantile.js';
export { passAtK } from './pass-at-k.js';
export { passHatK } from './pass-hat-k.js';
export { quantile } from './quantile.js';
export { studentTQuantile } from './student-t-quantile.js';
export { suitePassK } from './suite-pass-k.js';
export type { SuitePassK, TaskTrialCounts } from './suite-pass-k.js';
export { wilsonInterval } from './wilson-interval.js';
export type { ProportionInterval } from './wilson-interval.js';
