/** Page arithmetic shared by every list answer. */

/** ceil(total / pageSize); 0 for an empty list (the client stops when totalPage is 0). */
export const totalPages = (total: number, pageSize: number) => (total <= 0 ? 0 : Math.ceil(total / pageSize));

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

export interface Paged<T> {
  items: T[];
  totalItem: number;
  totalPage: number;
}
