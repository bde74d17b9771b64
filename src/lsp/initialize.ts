import { fileURLToPath } from 'node:url';

/** Options a client may pass in `initializationOptions`. */
export interface ServerOptions {
  /** Milliseconds to wait after a change before linting (default 50). */
  readonly debounce?: number;
}

export const DEFAULT_DEBOUNCE_MS = 50;

/** What the server takes from the client's `initialize` request. */
export interface ClientSetup {
  /** The workspace folders (else the root) as file paths. */
  readonly roots: readonly string[];
  readonly debounce: number;
  /** Whether completion items may be snippets. */
  readonly snippets: boolean;
  /** Whether the client lets the server register file watchers. */
  readonly watchRegistration: boolean;
}

/** A file path for a `file:` URI, or null (an untitled buffer, another scheme). */
export function pathOf(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const kind = (v: unknown) =>
  v === undefined ? 'none' : v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
const MAX_PROCESS_ID = 2 ** 31 - 1;

/**
 * The `initialize` request's params as the server and its LSP library read them, or what is
 * wrong with them (answered as InvalidParams; the server keeps serving). Checked: the params
 * are an object with a `capabilities` object; `processId` is null or a process id (the library
 * watches that process and exits when it ends); `rootUri`, `rootPath` are strings or null;
 * `workspaceFolders` is null or a list of `{ uri: string }`; `initializationOptions` is null or
 * an object whose `debounce`, when given, is a number of milliseconds. The client's
 * capabilities are read where they are true, so any other value there means "not supported".
 */
export function readInitializeParams(params: unknown): ClientSetup | string {
  if (!isObject(params)) return `initialize: the params must be an object, got ${kind(params)}`;
  const { capabilities, processId, rootUri, rootPath, workspaceFolders, initializationOptions } = params;
  if (!isObject(capabilities)) return `initialize: "capabilities" must be an object, got ${kind(capabilities)}`;
  if (
    processId !== undefined &&
    processId !== null &&
    !(Number.isInteger(processId) && (processId as number) >= 0 && (processId as number) <= MAX_PROCESS_ID)
  ) {
    return `initialize: "processId" must be null or a process id, got ${typeof processId === 'number' ? processId : kind(processId)}`;
  }
  for (const [key, value] of [
    ['rootUri', rootUri],
    ['rootPath', rootPath],
  ] as const) {
    if (value !== undefined && value !== null && typeof value !== 'string') return `initialize: "${key}" must be a string or null, got ${kind(value)}`;
  }
  let folders: string[] = [];
  if (workspaceFolders !== undefined && workspaceFolders !== null) {
    if (!Array.isArray(workspaceFolders)) return `initialize: "workspaceFolders" must be a list or null, got ${kind(workspaceFolders)}`;
    for (const [i, folder] of workspaceFolders.entries()) {
      if (!isObject(folder) || typeof folder.uri !== 'string') return `initialize: "workspaceFolders"[${i}] must be an object with a "uri" string`;
    }
    folders = workspaceFolders.map((f: { uri: string }) => pathOf(f.uri)).filter((p): p is string => p !== null);
  }
  let debounce = DEFAULT_DEBOUNCE_MS;
  if (initializationOptions !== undefined && initializationOptions !== null) {
    if (!isObject(initializationOptions)) return `initialize: "initializationOptions" must be an object or null, got ${kind(initializationOptions)}`;
    const given = (initializationOptions as ServerOptions).debounce;
    if (given !== undefined) {
      if (typeof given !== 'number' || !(given >= 0 && given <= MAX_PROCESS_ID))
        return `initialize: "initializationOptions.debounce" must be a number of milliseconds (0 to ${MAX_PROCESS_ID}), got ${typeof given === 'number' ? given : kind(given)}`;
      debounce = given;
    }
  }
  const root = typeof rootUri === 'string' && rootUri !== '' ? pathOf(rootUri) : typeof rootPath === 'string' ? rootPath : null;
  const at = (v: unknown, ...keys: string[]) => keys.reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), v);
  return {
    roots: folders.length > 0 ? folders : root ? [root] : [],
    debounce,
    snippets: at(capabilities, 'textDocument', 'completion', 'completionItem', 'snippetSupport') === true,
    watchRegistration: at(capabilities, 'workspace', 'didChangeWatchedFiles', 'dynamicRegistration') === true,
  };
}
