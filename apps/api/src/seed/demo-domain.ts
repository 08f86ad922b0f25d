/**
 * Every demo account and demo sender has its address here: a domain reserved by RFC 2606, so nobody can hold a
 * mailbox that receives the demo accounts' codes (docs/decisions/034-email-change-proof.md).
 */
export const DEMO_DOMAIN = 'bagshop.example';
