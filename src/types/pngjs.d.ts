// The part of pngjs 5 this project uses (the package ships no types).
declare module 'pngjs' {
  export interface PngImage {
    width: number;
    height: number;
    data: Buffer;
  }

  export interface PackerOptions {
    colorType?: 0 | 2 | 4 | 6;
    inputColorType?: 0 | 2 | 4 | 6;
    inputHasAlpha?: boolean;
    bitDepth?: 8 | 16;
    /** -1 tries every filter per row; 0 none, 1 sub, 2 up, 3 average, 4 Paeth. */
    filterType?: -1 | 0 | 1 | 2 | 3 | 4;
    deflateLevel?: number;
  }

  export interface ParserOptions {
    /** Skip the CRC checks. */
    checkCRC?: boolean;
  }

  export const PNG: {
    sync: {
      write(image: PngImage, options?: PackerOptions): Buffer;
      /** Decodes to 8-bit RGBA, whatever the file's colour type. */
      read(buffer: Buffer, options?: ParserOptions): PngImage;
    };
  };
}
