/** Payments' part of the app's wiring: the card gateway the app installs at start (gateway/install.ts). */
export { installCardGateway } from './gateway/install.ts';
