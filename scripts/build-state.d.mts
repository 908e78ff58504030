export type TBuildTarget = { inputs: string[]; stamp: string; output: string; command: [string, string[]] };
export type TDecision = {
  decision: 'current' | 'rebuild';
  reason: string;
  hash: string;
  files: number;
  /** The files' metadata when they were checked; null when one changed within RACY_MS (not kept in a stamp). */
  signature: string | null;
  /** 'stats': the stamp's signature matched and the contents were not read. */
  checked: 'stats' | 'contents';
  /** Current, but the stamp lacks today's signature: start.mjs writes it again. */
  restamp: boolean;
  builtAt?: string;
};
export const RACY_MS: number;
export const TARGETS: { web: TBuildTarget; server: TBuildTarget };
export const listSources: (root: string, inputs: string[]) => string[];
export const statSignature: (root: string, files: string[]) => string | null;
export const sourceHash: (root: string, files: string[]) => string;
export const decide: (root: string, target: TBuildTarget) => TDecision;
export const removeStamp: (root: string, target: TBuildTarget) => void;
export const writeStamp: (root: string, target: TBuildTarget, hash: string, signature?: string | null, builtAt?: string) => void;
