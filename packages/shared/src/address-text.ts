/** The parts of an address before the town, as invoices, labels, mails and screens print them. */
export interface StreetParts {
  houseName: string;
  street: string;
  /** '' or missing when the address has none (orders placed before addresses had one). */
  landmark?: string;
}

/** "Flat 4B, 12th Cross, Indiranagar (near Canara Bank)": the house, the street, and the landmark when there is one. */
export function houseAndStreet(a: StreetParts): string {
  const line = `${a.houseName}, ${a.street}`;
  return a.landmark ? `${line} (${a.landmark})` : line;
}
