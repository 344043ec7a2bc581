// The little of jQuery the tests use: the package ships no types, and the bundle never imports
// it (the theme loads it; the widgets reach it as window.jQuery).
declare module 'jquery' {
  type Handler = (event: unknown, ...args: never[]) => void;
  interface JQueryDocument {
    on(events: string, handler: Handler): JQueryDocument;
    off(events: string, handler: Handler): JQueryDocument;
    trigger(event: string, args?: unknown[]): JQueryDocument;
  }
  const jQuery: (target: Document) => JQueryDocument;
  export default jQuery;
}
