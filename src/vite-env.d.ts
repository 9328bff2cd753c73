/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

/** NotePad's build-time variables (README "AI helpers and usage tracking"): strings when set, else undefined. */
interface ImportMetaEnv {
  readonly VITE_FUNCTIONS_URL?: string;
  readonly VITE_FUNCTIONS_KEY?: string;
  readonly VITE_FUNCTIONS_TIMEOUT_MS?: string;
  readonly VITE_TASK_TOOL_URL?: string;
}
