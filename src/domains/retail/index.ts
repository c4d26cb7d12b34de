export { checkRetailFixture } from './check-retail-fixture.js';
export type { RetailFixture } from './check-retail-fixture.js';
export { createRetailEnvironment } from './create-retail-environment.js';
export { evaluateArithmetic } from '../taubench/index.js';
export type { ArithmeticResult } from '../taubench/index.js';
export { formatPythonFloat } from '../taubench/index.js';
export { loadRetailData } from './load-retail-data.js';
export type { RetailData } from './load-retail-data.js';
export { pythonRound2 } from '../taubench/index.js';
export { retailTools } from './retail-tools.js';
export type {
  RetailAddress,
  RetailLineItem,
  RetailOrder,
  RetailPayment,
  RetailPaymentMethod,
  RetailProduct,
  RetailUser,
  RetailVariant,
} from './retail-records.js';
export { createTau2RetailEnvironment } from './create-tau2-retail-environment.js';
export { loadTau2RetailData } from './load-tau2-retail-data.js';
