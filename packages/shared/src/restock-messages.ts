/** "Notify me" on an out-of-stock bag (docs/product.md §2 Shopping): texts the screen and the API share. */
export const RESTOCK_MSG = {
  notifyMe: 'Notify me',
  notifyMeHint: 'Out of stock. We can mail you once when it is back.',
  notifying: "We'll mail you",
  notifyingHint: 'We will mail you once when this bag is back in stock.',
  stopNotifying: 'Cancel',
  asked: "We'll mail you when it is back in stock",
  stopped: 'You will not get a mail about this bag',
  inStock: 'This bag is in stock: you can buy it now',
  productNotFound: 'Product not found',
  failed: 'Could not save your request. Please try again.',
} as const;
