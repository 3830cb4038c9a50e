type App = { url: string };
type CallOptions = {
  body?: unknown;
  cookie?: string;
  ip?: string;
  timeZone?: string;
  redirect?: RequestRedirect;
};
export function call(
  app: App,
  method: string,
  urlPath: string,
  options?: CallOptions,
): Promise<{ status: number; headers: Headers; text: string }>;
export function expectStatus(
  app: App,
  what: string,
  method: string,
  urlPath: string,
  status: number,
  options?: CallOptions,
): Promise<{ status: number; headers: Headers; text: string }>;
export function verificationPath(mailDir: string, email: string): Promise<string>;
export function sessionCookie(headers: Headers, email: string): string;
export function signIn(app: App, input: { email: string; password: string; ip?: string }): Promise<string>;
export function createAccount(
  app: App,
  input: {
    email: string;
    password: string;
    ip?: string;
    mailDir: string;
    timeZone?: string;
    answers: string[];
  },
): Promise<string>;
