import { topCustomers, type TopCustomersRow } from './queries.js';

// Typed parameters: region a string, since a Date or ISO text, n a whole number.
export const action = topCustomers({ region: 'EU', since: '2024-01-01T00:00Z', n: 10 });

// action.text: the JSON to send, the SELECT action around what `dsq compile --param` prints;
// action.json: the same as an object. Each row of the answer is a TopCustomersRow.
export const text: string = action.text;
export const rows: TopCustomersRow[] = [{ name: 'Ada', total: 1250.5 }];
