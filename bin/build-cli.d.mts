/** bin/build-cli.mjs: builds the dsq command into dist/cli/ (see that file). */
export function buildCli(root: string, out?: string, options?: { commands?: readonly string[] }): Promise<{ dir: string; id: string; inputs: Record<string, number> }>;
