// The token routes' JSON bodies: the same JSON as the admin CLI's.
export { tokenIssued, tokenList } from '@depot/common';
