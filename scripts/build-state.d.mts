export type TBuildTarget = { inputs: string[]; stamp: string; output: string; command: [string, string[]] };
export type TDecision = { decision: 'current' | 'rebuild'; reason: string; hash: string; files: number };
export const TARGETS: { web: TBuildTarget; server: TBuildTarget };
export const listSources: (root: string, inputs: string[]) => string[];
export const sourceHash: (root: string, files: string[]) => string;
export const decide: (root: string, target: TBuildTarget) => TDecision;
export const removeStamp: (root: string, target: TBuildTarget) => void;
export const writeStamp: (root: string, target: TBuildTarget, hash: string) => void;
