export { clusterBootstrapInterval } from './cluster-bootstrap-interval.js';
export type {
  ClusterBootstrapInterval,
  ClusterBootstrapMethod,
  ClusterBootstrapOptions,
  TrialCluster,
} from './cluster-bootstrap-interval.js';
export { clusterRatioBootstrapInterval } from './cluster-ratio-bootstrap-interval.js';
export type {
  ClusterRatioBootstrapInterval,
  ClusterRatioBootstrapMethod,
  ClusterRatioBootstrapOptions,
  RatioCluster,
} from './cluster-ratio-bootstrap-interval.js';
export { clopperPearsonInterval } from './clopper-pearson-interval.js';
export { cohensKappa } from './cohens-kappa.js';
export type { CohensKappa } from './cohens-kappa.js';
export { clusteredCohensKappa } from './clustered-cohens-kappa.js';
export type {
  AgreementCluster,
  ClusteredCohensKappa,
  ClusteredCohensKappaOptions,
} from './clustered-cohens-kappa.js';
export { labelAgreement } from './label-agreement.js';
export type { LabelAgreement, LabelPair } from './label-agreement.js';
export { describeSample } from './describe-sample.js';
export { expectedCalibrationError } from './expected-calibration-error.js';
export type {
  CalibrationError,
  ConfidencePrediction,
  ReliabilityBin,
} from './expected-calibration-error.js';
export { mcnemarExact } from './mcnemar-exact.js';
export type { McNemarTest } from './mcnemar-exact.js';
export { mean } from './mean.js';
export { normalQuantile } from './normal-quantile.js';
export { pairedTTest } from './paired-t-test.js';
export type { PairedTTest, PairedTTestOptions } from './paired-t-test.js';
export { weightedPairedTTest } from './weighted-paired-t-test.js';
export type { WeightedPairedTTest } from './weighted-paired-t-test.js';
export { passAtK } from './pass-at-k.js';
export { passHatK } from './pass-hat-k.js';
export { DEFAULT_ICC, DEFAULT_TRIALS_PER_TASK, sampleSize } from './sample-size.js';
export type {
  DifferenceSampleSize,
  DifferenceTarget,
  SampleSize,
  SampleSizeTarget,
  WidthSampleSize,
  WidthTarget,
} from './sample-size.js';
export { signFlipPermutationTest } from './sign-flip-permutation-test.js';
export type {
  SignFlipMethod,
  SignFlipOptions,
  SignFlipTest,
} from './sign-flip-permutation-test.js';
export { stratifiedDifferenceInterval } from './stratified-difference-interval.js';
export type {
  StratifiedDifferenceInterval,
  StratifiedDifferenceIntervalOptions,
} from './stratified-difference-interval.js';
export { stratifiedPermutationTest, stratumNull } from './stratified-permutation-test.js';
export type {
  StratifiedPermutationMethod,
  StratifiedPermutationOptions,
  StratifiedPermutationTest,
  StratumCounts,
} from './stratified-permutation-test.js';
export { studentTCdf } from './student-t-cdf.js';
export { studentTQuantile } from './student-t-quantile.js';
export { suitePassK } from './suite-pass-k.js';
export type { SuitePassK, TaskTrialCounts } from './suite-pass-k.js';
export { wilsonInterval, wilsonScoreBounds } from './wilson-interval.js';
export type { ProportionInterval } from './wilson-interval.js';
export { intraTaskCorrelation } from './intra-task-correlation.js';
export type {
  IntraTaskCorrelation,
  IntraTaskCorrelationStatus,
  TaskCounts,
} from './intra-task-correlation.js';
export { taskMeanInterval } from './task-mean-interval.js';
export type {
  TaskMeanInterval,
  TaskMeanIntervalOptions,
  TaskMeanMethod,
} from './task-mean-interval.js';
export { kishShare, successRateInterval } from './success-rate-interval.js';
export type {
  SuccessCounts,
  SuccessRateInterval,
  SuccessRateIntervalOptions,
} from './success-rate-interval.js';
export { suitePassKIntervals } from './suite-pass-k-intervals.js';
export type { PassKInterval, SuitePassKIntervals } from './suite-pass-k-intervals.js';
export { boschlooExactTest } from './boschloo-exact-test.js';
export type { BoschlooExactTest } from './boschloo-exact-test.js';
export { fisherExactTest } from './fisher-exact-test.js';
export type { BinomialCounts, FisherExactTest } from './fisher-exact-test.js';
export { holmAdjustedPValues } from './holm-adjusted-p-values.js';
export { signFlipInterval } from './sign-flip-interval.js';
export type { SignFlipInterval, SignFlipIntervalOptions } from './sign-flip-interval.js';
export { hoeffdingInterval } from './hoeffding-interval.js';
export type { HoeffdingInterval, HoeffdingIntervalInput } from './hoeffding-interval.js';
export { clopperPearsonUpperBound } from './clopper-pearson-upper-bound.js';
export { clusteredUpperBound } from './clustered-upper-bound.js';
export type {
  ClusteredUpperBound,
  ClusteredUpperBoundOptions,
  DesignEffectSource,
  TaskEventCounts,
} from './clustered-upper-bound.js';
export { eceUpperBound } from './ece-upper-bound.js';
export type {
  EceUpperBound,
  EceUpperBoundMethod,
  EceUpperBoundOptions,
} from './ece-upper-bound.js';
export { boundedMeanInterval } from './bounded-mean-interval.js';
export type { BoundedMeanInterval, BoundedMeanIntervalOptions } from './bounded-mean-interval.js';
export { moverDifferenceInterval } from './mover-difference-interval.js';
