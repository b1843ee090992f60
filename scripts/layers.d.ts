export interface Layer {
  name: string;
  libs: string[];
}
export declare const layers: Layer[];
export declare const libsImportingApps: string[];
export declare const composingApp: string;
export declare function layerOf(lib: string): number | undefined;
