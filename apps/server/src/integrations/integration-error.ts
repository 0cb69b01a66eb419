/**
 * The common base of the errors of our protocol clients (RouterOS, airOS): a stable `code` for programs, a
 * Spanish `message` a person can act on (shown as is: the router's or radio's failure reason), and an
 * optional technical `detail` for logs. Neither ever contains a password. Callers that only need "a known
 * failure of a network device, with its Spanish reason" test `instanceof IntegrationError`.
 */
export class IntegrationError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A duration in the messages: whole seconds with one decimal at most ('2 s', '0.7 s'). */
export function secondsText(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
