import type { JsonValue } from '../../core/index.js';
import { formatPythonFloat } from '../taubench/index.js';

/**
 * A JSON value as a Python f-string shows the value tau2 holds: text as it
 * is, `None`, `True`/`False`, an integral number as an int (the int fields,
 * such as a battery level), any other number as a float's repr.
 */
export function pyText(value: JsonValue | undefined): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number')
    return Number.isInteger(value) ? value.toFixed(0) : formatPythonFloat(value);
  return JSON.stringify(value);
}
