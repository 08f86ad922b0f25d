import type { ReactNode } from 'react';

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => string;
}

interface ChartFigureProps<T> {
  id: string;
  title: string;
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => string;
  /** The chart; drawn for sighted users, the table below says the same in text. */
  children: ReactNode;
}

/** Height of every chart: readable on a phone, not taller than a laptop screen needs. */
export const CHART_HEIGHT = 260;
/** Size the chart is drawn at before the browser measures its box (and where nothing measures it). */
export const CHART_START_SIZE = { width: 640, height: CHART_HEIGHT };

/** A captioned chart with its figures as a table for screen readers. */
export function ChartFigure<T>({ id, title, rows, columns, rowKey, children }: ChartFigureProps<T>) {
  return (
    <figure className="card border-0 shadow-sm h-100 mb-0" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="card-header bg-white fw-semibold border-0 pt-3">
        {title}
      </figcaption>
      <div className="card-body pt-0 px-1 px-sm-3">{children}</div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, i) =>
                i === 0 ? (
                  <th key={column.header} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header}>{column.cell(row)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
