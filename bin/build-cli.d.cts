/** bin/build-cli.cjs: builds the dsq command into dist/cli/ (see that file). */
export interface CliBuild {
  readonly dir: string;
  readonly id: string;
  readonly inputs: Record<string, number>;
  readonly commands: readonly string[];
  readonly bundles: Record<string, readonly string[]>;
}
export const START: string;
export function buildCli(root: string, out?: string, options?: { bundles?: readonly string[] }): Promise<CliBuild>;
export function cliBuildOptions(root: string, keep: string, commands?: Set<string>): import('esbuild').BuildOptions & { write: false; metafile: true };
