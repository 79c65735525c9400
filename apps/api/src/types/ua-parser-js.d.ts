// ua-parser-js 1.x (MIT) ships no type declarations; the part of its API the shop uses (modules/sessions).
declare module 'ua-parser-js' {
  interface UAParserResult {
    browser: { name?: string; version?: string; major?: string };
    os: { name?: string; version?: string };
    device: { vendor?: string; model?: string; type?: string };
  }
  export class UAParser {
    constructor(userAgent?: string);
    getResult(): UAParserResult;
  }
}
