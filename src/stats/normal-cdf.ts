/** 1/√(2π). */
const INVERSE_SQRT_TWO_PI = 0.3989422804014327;
/** Beyond this |x| the smaller tail underflows to 0. */
const TAIL_UNDERFLOW = 37.5193;
/** Φ(0.67448975) ≈ 3/4: where the central approximation hands over. */
const CENTRAL_LIMIT = 0.67448975;

/**
 * A rational function P(t)/Q(t) in Cody's nested form: numerator starts at
 * `lead`·t, denominator at t; each step adds a coefficient pair and
 * multiplies by t; `last` is added before the division.
 */
interface RationalCoefficients {
  readonly lead: number;
  readonly steps: readonly (readonly [numerator: number, denominator: number])[];
  readonly last: readonly [numerator: number, denominator: number];
}

/** Φ(x) − 1/2 = x·R(x²) for |x| ≤ 0.67448975. */
const CENTRAL: RationalCoefficients = {
  lead: 0.06568233791820745,
  steps: [
    [2.2352520354606837, 47.202581904688245],
    [161.02823106855587, 976.0985517377767],
    [1067.6894854603709, 10260.932208618979],
  ],
  last: [18154.98125334356, 45507.78933502673],
};

/** P(Z > x) = e^(−x²/2)·R(x) for 0.67448975 < x ≤ √32. */
const MIDDLE: RationalCoefficients = {
  lead: 1.0765576773720192e-8,
  steps: [
    [0.39894151208813466, 22.266688044328117],
    [8.883149794388377, 235.387901782625],
    [93.50665613217785, 1519.3775994075547],
    [597.2702763948002, 6485.558298266761],
    [2494.5375852903726, 18615.571640885097],
    [6848.190450536283, 34900.95272114598],
    [11602.65143764735, 38912.00328609327],
  ],
  last: [9842.714838383978, 19685.429676859992],
};

/** P(Z > x) = e^(−x²/2)·(1/√(2π) − t·R(t))/x with t = 1/x², for x > √32. */
const ASYMPTOTIC: RationalCoefficients = {
  lead: 0.023073441764940174,
  steps: [
    [0.215898534057957, 1.284260096144911],
    [0.12740116116024736, 0.4682382124808651],
    [0.022235277870649807, 0.06598813786892856],
    [0.0014216191932278934, 0.0037823963320275824],
  ],
  last: [2.9112874951168793e-5, 7.297515550839662e-5],
};

/**
 * The standard normal distribution function Φ(x) = P(Z ≤ x), a probability
 * in [0, 1]. The BCa bootstrap needs it to turn bias and skew corrections
 * back into percentile levels.
 *
 * W. J. Cody's rational Chebyshev approximations (Math. Comp. 1969; ACM
 * TOMS Algorithm 715), arranged as in R's `pnorm`: accurate to about
 * 1e-15 relative over the whole line, including the far lower tail where
 * 1 − Φ(−x) would lose every digit.
 *
 * @example
 * normalCdf(1.959963984540054); // 0.975
 * normalCdf(-1.959963984540054); // 0.025
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const distance = Math.abs(x);
  if (distance <= CENTRAL_LIMIT) {
    const square = distance > Number.EPSILON / 2 ? x * x : 0;
    return 0.5 + x * evaluateRational(CENTRAL, square);
  }
  const smallerTail = distance < TAIL_UNDERFLOW ? upperTail(distance) : 0;
  return x > 0 ? 1 - smallerTail : smallerTail;
}

/** P(Z > distance) for distance > 0.67448975. */
function upperTail(distance: number): number {
  let scaled: number;
  if (distance <= Math.sqrt(32)) {
    scaled = evaluateRational(MIDDLE, distance);
  } else {
    const inverseSquare = 1 / (distance * distance);
    scaled =
      (INVERSE_SQRT_TWO_PI - inverseSquare * evaluateRational(ASYMPTOTIC, inverseSquare)) /
      distance;
  }
  // e^(−x²/2) with x split at a multiple of 1/16, so squaring loses no bits.
  const rounded = Math.trunc(distance * 16) / 16;
  const remainder = (distance - rounded) * (distance + rounded);
  return Math.exp(-rounded * rounded * 0.5) * Math.exp(-remainder * 0.5) * scaled;
}

function evaluateRational(coefficients: RationalCoefficients, t: number): number {
  let numerator = coefficients.lead * t;
  let denominator = t;
  for (const [numeratorStep, denominatorStep] of coefficients.steps) {
    numerator = (numerator + numeratorStep) * t;
    denominator = (denominator + denominatorStep) * t;
  }
  return (numerator + coefficients.last[0]) / (denominator + coefficients.last[1]);
}
