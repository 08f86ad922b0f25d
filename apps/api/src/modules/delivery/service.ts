// What other modules, workflows and the server may use from the delivery module: when a parcel to a pincode would
// arrive, and whether cash on delivery is offered there and to this shopper (docs/decisions/039-shipping.md).

export { checkCodAllowed, checkDelivery, codEligibility, codReturnsToSeller } from './cod-guard.ts';
export { cachedEstimate, type EstimateDeps, estimateFor, forgetEstimates, indiaDateAfter } from './estimates.ts';
