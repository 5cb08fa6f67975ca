/**
 * The id of the JSON script element in which the server sends a page the answers to its first reads
 * (server http/page-answers.ts), and the web app takes them from (web lib/page-answers.ts). On its own,
 * so that the API client's chunk needs nothing else.
 */
export const PAGE_ANSWERS_ELEMENT = 'page-answers';

/**
 * The headers of an answer that a page's answer keeps besides its total (lower case): those the app
 * reads (a search that matched only most of its words, shared/catalogue.ts PARTIAL_MATCH_HEADER).
 */
export const PAGE_ANSWER_HEADERS = ['x-search-partial'] as const;
