import { rupees } from '../../../components/price.tsx';

/** The money columns of a sales report row, right-aligned and unbroken, in the order of `keys`. */
export function RupeeCells<K extends string>({ keys, amountOf }: { keys: readonly K[]; amountOf: (key: K) => number }) {
  return keys.map((key) => (
    <td key={key} className="text-end text-nowrap">
      {rupees(amountOf(key))}
    </td>
  ));
}
