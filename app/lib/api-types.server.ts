/**
 * The server's API shapes that pages and components name. Components may not import server/
 * (that could pull server code into a browser bundle); they import these types from here
 * instead. Type-only exports are erased when compiled, so nothing of the server reaches the
 * client.
 */
export type { ApiCategory, ApiProduct } from '../../server/catalog/service';
