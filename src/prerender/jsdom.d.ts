// The part of jsdom's API the build's prerender uses (run.ts); the package ships no types.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis;
  }
}
