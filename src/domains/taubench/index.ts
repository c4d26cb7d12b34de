export { calculate } from './calculate.js';
export { evaluateArithmetic } from './evaluate-arithmetic.js';
export type { ArithmeticResult } from './evaluate-arithmetic.js';
export { formatPythonFloat } from './format-python-float.js';
export { pythonRound2 } from './python-round2.js';
export { pythonNumberText, pythonStringRepr } from './python-repr.js';
export { readTau2Db } from './read-tau2-db.js';
