export const EXTENSION_DIR: string;
export const REPO_DIR: string;
export const STAGED: [string, string][];
export const ICON: string;
export function stage(target?: string): void;
export function bundle(target?: string): Promise<void>;
