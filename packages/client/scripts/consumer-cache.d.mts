export const consumerCacheDir: string;
export const CONSUMER_TOOLS: string[];
export function runtimeSpecs(): string[];
export function consumerCacheReady(specs?: string[]): boolean;
export function ensureConsumerCache(): void;
export function npmEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
