// The rows of a deal search written out: as SPEC JSON (rows.ts) and as the compact encoding (columns.ts).
export { dropshipJson, dropshipJsonAnswer, dropshipJsonBytes, flippingJson, flippingJsonBytes } from './rows';
export { dropshipColumnsBytes, flippingColumnsBytes } from './columns';
export { prepareAnswerCaches } from './answer-caches';
