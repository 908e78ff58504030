/** A translation resource with the same keys as the English one; tsc proves de and fr are complete. */
export type TDict<T> = { [K in keyof T]: T[K] extends string ? string : TDict<T[K]> };
