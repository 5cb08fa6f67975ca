/**
 * The id of the JSON script element in which the server sends a page the answers to its first reads
 * (server http/page-answers.ts), and the web app takes them from (web lib/page-answers.ts). On its own,
 * so that the API client's chunk needs nothing else.
 */
export const PAGE_ANSWERS_ELEMENT = 'page-answers';
