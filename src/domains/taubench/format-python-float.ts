/**
 * A number as Python prints a float (`repr`, which `str` equals): shortest
 * round-trip digits, `.0` on integral values, and exponent notation below
 * 1e-4 or from 1e16 on in magnitude. tau-bench's `calculate` answers in this
 * form, so agents see "4.0" rather than JavaScript's "4".
 *
 * @example
 * formatPythonFloat(4); // '4.0'
 * formatPythonFloat(1e16); // '1e+16'
 * formatPythonFloat(0.00001); // '1e-05'
 */
export function formatPythonFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  // toExponential() without an argument gives the shortest digits that
  // round-trip, as Python's repr does; only the layout differs.
  const [mantissa = '', exponentText = '0'] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  // Python's rule (format_float_short, mode 'r'): with the decimal point
  // after `point` digits, fixed notation iff -4 < point <= 16.
  const point = exponent + 1;
  if (point > 16 || point <= -4) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const magnitude = String(Math.abs(exponent)).padStart(2, '0');
    return `${sign}${digits[0] ?? ''}${fraction}e${exponent < 0 ? '-' : '+'}${magnitude}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
