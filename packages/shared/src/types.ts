/** Shapes the API answers with (docs/product.md §3, §7), shared by server and client. */
export interface AddressDto {
  _id: string;
  name: string;
  houseName: string;
  town: string;
  street: string;
  zipcode: string;
  state: string;
  country: string;
  phone: string;
}

export interface UserDto {
  _id: string;
  email: string;
  name: string;
  phone: string;
  isAdmin: boolean;
  isExist: boolean;
  emailVerified: boolean;
  address: AddressDto[];
  image: string[];
}

/** Login, registration-code and Google sign-in answers. */
export interface AuthPayload {
  user: UserDto;
  token: string;
  refreshToken: string;
}

export interface AdminUserRow {
  _id: string;
  name: string;
  email: string;
  phone: string;
  isAdmin: boolean;
  isExist: boolean;
  emailVerified: boolean;
  createdAt: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
}

/** GET /api/user (admin): one page of users. */
export interface AdminUserList {
  users: AdminUserRow[];
  total: number;
  page: number;
  pages: number;
}

/** A message of the development outbox (GET /dev/mailbox/messages). */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}
