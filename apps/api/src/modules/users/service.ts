// What other modules and the start-up may use from the users module (docs/decisions/015-enforced-layers.md).
export { ensureAdmin } from './admin-bootstrap.ts';
export { loadUserDto, toAddressDto } from './profile.ts';
