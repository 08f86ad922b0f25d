/** A cell of a sheet: text, or a number (rupees as rupees, not paise). */
export type SheetCell = string | number;

/** One table for a spreadsheet file or a CSV: what the API's spreadsheet writers take. */
export interface Sheet {
  /** The worksheet's name and the CSV file's: at most 31 characters, none of \ / ? * [ ] : */
  name: string;
  columns: string[];
  rows: SheetCell[][];
  /** The columns that hold rupees, shown with two decimals. */
  money?: string[];
}
