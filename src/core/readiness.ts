/** A dependency the service needs before it takes traffic (store, engines); throws or returns false when not ready. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<boolean> | boolean;
}
