import { createMemoryStore } from './memory-store.js';
import { describeRunStoreContract } from './run-store.contract.js';

describeRunStoreContract('createMemoryStore', createMemoryStore);
