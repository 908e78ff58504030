/** Where one employee's screens are. */
export const detailPath = (id: string) => `/employee-detail?id=${encodeURIComponent(id)}`;
export const updatePath = (id: string) => `/employee-update/${encodeURIComponent(id)}`;
