// @depot/common/egress: what a service checks before it connects to an address a user chose.
export * from './address-policy';
