// The type every language fills: English's shape. Kept apart from en.ts so that ro.ts and ru.ts
// import only a type (their bundles do not carry English).
import type { en } from './en.js';

export type Messages = typeof en;
