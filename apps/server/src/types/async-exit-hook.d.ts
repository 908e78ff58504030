declare module 'async-exit-hook' {
  type THook = (done: () => void) => void;
  const exitHook: ((hook: THook) => void) & { unhookEvent: (event: string) => void; hookedEvents: () => string[] };
  export default exitHook;
}
