/**
 * The part of potrace's API that lib/trace.ts calls (potrace ships no types; its README and lib/Potrace.js,
 * lib/Posterizer.js are the reference). `steps` is a count of grey levels or the thresholds themselves
 * (Posterizer._getRanges). (@types/potrace would pin a second, older Jimp only for its declarations.)
 */
declare module 'potrace' {
  export interface PotraceOptions {
    turdPolicy?: 'minority' | 'majority' | 'black' | 'white' | 'left' | 'right';
    turdSize?: number;
    alphaMax?: number;
    optCurve?: boolean;
    optTolerance?: number;
    threshold?: number;
    blackOnWhite?: boolean;
    color?: string;
    background?: string;
  }

  export interface PosterizerOptions extends PotraceOptions {
    steps?: number | number[];
    fillStrategy?: string;
    rangeDistribution?: string;
  }

  type Traced = (error: Error | null, svg: string) => void;

  export function trace(image: string | Buffer, options: PotraceOptions, done: Traced): void;
  export function posterize(image: string | Buffer, options: PosterizerOptions, done: Traced): void;
}
