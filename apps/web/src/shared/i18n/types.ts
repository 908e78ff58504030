/** French plurals: a `…_other` text may have a `…_many` sibling (i18next picks it for 1 000 000 and such). */
type TFrenchMany<T> = { [K in keyof T as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string };

/** A translation resource with the same keys as the English one; tsc proves de and fr are complete. */
export type TDict<T> = { [K in keyof T]: T[K] extends string ? string : TDict<T[K]> } & TFrenchMany<T>;
