/**
 * Student's t distribution function P(T ≤ t) with a whole number of
 * degrees of freedom: the paired t-test turns its statistic into a p-value
 * with it.
 *
 * Exact closed forms for 1 and 2 degrees of freedom; otherwise the exact
 * finite series of Abramowitz and Stegun 26.7.3–4 (the one
 * {@link studentTQuantile} inverts). The smaller tail is summed directly,
 * never taken as 1 minus something, so small p-values keep their relative
 * precision far into the tails.
 *
 * Returns NaN unless `degreesOfFreedom` is a positive integer and t is a
 * number; 0 and 1 at −∞ and +∞.
 *
 * @example
 * studentTCdf(1, 1); // 0.75 (Cauchy: 1/2 + atan(1)/π)
 * studentTCdf(Math.sqrt(3), 3); // 0.75 + 1/(2π) = 0.9091549430918953
 */
export function studentTCdf(t: number, degreesOfFreedom: number): number {
  if (!Number.isInteger(degreesOfFreedom) || degreesOfFreedom < 1 || Number.isNaN(t)) {
    return Number.NaN;
  }
  if (t === 0) return 0.5;
  const smallerTail = studentTUpperTail(Math.abs(t), degreesOfFreedom);
  return t > 0 ? 1 - smallerTail : smallerTail;
}

/**
 * P(T > t) for t ≥ 0 and a positive integer ν, with full relative
 * precision however small it is.
 */
export function studentTUpperTail(t: number, nu: number): number {
  if (t === 0) return 0.5;
  if (t === Infinity) return 0;
  // P(T > t) = 1/2 − atan(t)/π = atan(1/t)/π.
  if (nu === 1) return Math.atan2(1, t) / Math.PI;
  if (nu === 2) {
    // 1/2 − t/(2s) with s = √(2 + t²), rewritten as 1/(s(s + t)) to avoid cancelling.
    const s = Math.sqrt(2 + t * t);
    return 1 / (s * (s + t));
  }
  // Past ~1.3e154 t² overflows; the tail is then below 1e-460 for ν ≥ 3.
  if (!Number.isFinite(t * t)) return 0;
  return upperTailProbability(t, nu);
}

/** The t density with ν degrees of freedom, its constant built by Γ recurrence. */
export function createDensity(nu: number): (t: number) => number {
  // Γ((ν+1)/2)/Γ(ν/2), stepping up by 2 from ν = 1 or 2.
  let gammaRatio = nu % 2 === 1 ? 1 / Math.sqrt(Math.PI) : Math.sqrt(Math.PI) / 2;
  for (let v = nu % 2 === 1 ? 1 : 2; v < nu; v += 2) gammaRatio *= (v + 1) / v;
  const constant = gammaRatio / Math.sqrt(nu * Math.PI);
  return (t) => constant * Math.pow(1 + (t * t) / nu, -(nu + 1) / 2);
}

/**
 * The series behind the t distribution function for ν ≥ 3 (A&S 26.7.3–4):
 * with c = cos²θ, θ = atan(t/√ν), terms a_j·c^j where a_0 = 1 and
 * a_j/a_{j−1} = 2j/(2j+1) for odd ν, (2j−1)/(2j) for even ν. The first
 * `headLength` terms give P(|T| ≤ t); the infinite sum is known in closed
 * form, so the remaining terms give P(T > t).
 */
function seriesTerms(t: number, nu: number) {
  const isOdd = nu % 2 === 1;
  const cosSquared = nu / (nu + t * t);
  const sin = t / Math.sqrt(nu + t * t);
  return {
    isOdd,
    cosSquared,
    sin,
    headLength: isOdd ? (nu - 1) / 2 : nu / 2,
    factor: (j: number): number =>
      (isOdd ? (2 * j) / (2 * j + 1) : (2 * j - 1) / (2 * j)) * cosSquared,
    /** P(T > t) per unit of remainder sum. */
    tailScale: isOdd ? (sin * Math.sqrt(cosSquared)) / Math.PI : sin / 2,
  };
}

/** P(|T| ≤ t) for t > 0 and ν ≥ 3: a sum of positive terms. */
export function centralProbability(t: number, nu: number): number {
  const { isOdd, headLength, factor, tailScale } = seriesTerms(t, nu);
  let head = 0;
  let term = 1;
  for (let j = 0; j < headLength; j += 1) {
    head += term;
    term *= factor(j + 1);
  }
  return isOdd
    ? (2 / Math.PI) * Math.atan(t / Math.sqrt(nu)) + 2 * tailScale * head
    : 2 * tailScale * head;
}

/** P(T > t) for t > 0 and ν ≥ 3, summing the remainder in the tail. */
export function upperTailProbability(t: number, nu: number): number {
  const fromCentre = (1 - centralProbability(t, nu)) / 2;
  if (fromCentre >= 0.1) return fromCentre;
  const { headLength, factor, tailScale } = seriesTerms(t, nu);
  let term = 1;
  for (let j = 1; j <= headLength; j += 1) term *= factor(j);
  let remainder = 0;
  for (let j = headLength; term > Number.EPSILON * 1e-3 * remainder; j += 1) {
    remainder += term;
    term *= factor(j + 1);
  }
  return tailScale * remainder;
}
