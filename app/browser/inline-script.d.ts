/** A browser module compiled to one inline script by vite-plugins/inline-script.ts. */
declare module "*?inline-script" {
  const source: string;
  export default source;
}
