/** Number of cart entries for the navbar badge; the cart arrives with the catalogue, until then it is empty. */
export function useCartCount(_signedIn: boolean): number {
  return 0;
}
