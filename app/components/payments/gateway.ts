/**
 * Sending the browser to a gateway's page, apart from pay-again.tsx so that checkout does not
 * fetch the pay-again button with it (issue 32).
 */

/** Sends the browser to a gateway's page (a separate function so journeys and tests can see it). */
export function goToGateway(url: string): void {
  window.location.assign(url);
}
