import type { TUser } from '@bizdesk/contract';

const NONE: Readonly<Record<string, number>> = Object.freeze({});

/** Badges in the navigation, keyed by entry key or screen key (e.g. { approvals: 3 }). Filled by the approvals inbox. */
export const useNavCounts = (_user: TUser): Readonly<Record<string, number>> => NONE;
