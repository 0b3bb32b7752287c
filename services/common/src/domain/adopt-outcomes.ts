// What became of a version's archive when adopting an old mirror's (the catalog's
// AdoptVersionArchives answers one per version; `archives adopt` of the admin CLI counts them).
export const ADOPT_OUTCOMES = [
  /** Copied into the store, its md5 the recorded one. */
  'adopted',
  /** Depot hosted it already. */
  'already_hosted',
  /** It has a url of its own (its licence may forbid rehosting): left alone without --include-own-urls. */
  'own_url_skipped',
  /** The upstream's bytes are not the recorded md5 (or none is recorded): not stored. */
  'md5_mismatch',
  /** The upstream answered 404 or 410. */
  'missing_upstream',
  /** Any other failure: the upstream, the network, the size limit, not a zip. */
  'failed',
] as const;

export type AdoptOutcome = (typeof ADOPT_OUTCOMES)[number];
