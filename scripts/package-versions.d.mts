// Types of scripts/package-versions.mjs for the TypeScript that imports it (e2e/tests/package-versions.test.ts).
export declare const RECORD_FILE: string;
export interface WorkspacePackage {
  name: string;
  version: string;
  dir: string;
  manifest: Record<string, unknown>;
}
export type Released = Record<string, { version: string; sources: string }>;
export declare function publishedPackages(root: string): WorkspacePackage[];
export declare function isPublished(file: string, files: unknown): boolean;
export declare function sourcesHash(root: string, pkg: WorkspacePackage): string;
export declare function pendingChangesets(root: string): Map<string, string[]>;
export declare function readReleased(root: string): Released;
export declare function versionProblems(root: string): string[];
export declare function recordReleases(root: string): string[];
