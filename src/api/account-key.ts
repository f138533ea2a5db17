/**
 * The account query's key, in a module of its own: the query client refreshes the account
 * after paid requests without loading the request code into the first paint.
 */
export const ACCOUNT_QUERY_KEY = ['account'] as const;
