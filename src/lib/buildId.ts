declare const __NOTEPAD_BUILD__: string | undefined;

/**
 * This build's identity (docs/architecture.md "Reading states"): made once by each `vite build` (and
 * each dev server start); "unbuilt" where the code runs unbundled (Node tests, the replay CLI). A
 * snapshot names the build that wrote it, and a state written by another build is parsed before use.
 */
export const BUILD_ID: string = typeof __NOTEPAD_BUILD__ === 'string' ? __NOTEPAD_BUILD__ : 'unbuilt';
