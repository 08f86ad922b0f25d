/**
 * Why a picture named by address (the catalogue import's Image Src) was not fetched: lines of the import report the
 * administrator reads, so each names the address and what to change.
 */

function sizeInWords(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes % mb === 0 ? `${bytes / mb} MB` : `${bytes} bytes`;
}

export const REMOTE_PICTURE_MSG = {
  notAnAddress: (url: string) => `"${url}" is not a web address`,
  noHostsListed: (url: string) =>
    `"${url}" was not fetched: the shop fetches pictures from no host until the IMPORT_IMAGE_HOSTS setting lists some`,
  notHttps: (url: string) => `"${url}" is not an https address; pictures are fetched over https only`,
  credentials: (url: string) => `"${url}" names a user or password; pictures are fetched without them`,
  otherPort: (url: string) => `"${url}" names a port; pictures are fetched from the standard https port only`,
  hostNotListed: (url: string, host: string) =>
    `"${url}" is on ${host}, which is not a host of the IMPORT_IMAGE_HOSTS setting`,
  addressNotPublic: (url: string, address: string) =>
    `"${url}" was not fetched: ${address} is not a public internet address`,
  hostNotFound: (url: string, host: string) => `"${url}" was not fetched: the host ${host} was not found`,
  hostNotPublic: (url: string, host: string, address: string) =>
    `"${url}" was not fetched: ${host} leads to ${address}, which is not a public internet address`,
  certificate: (url: string, host: string) =>
    `"${url}" was not fetched: the https certificate of ${host} was not accepted`,
  connectionFailed: (url: string) => `"${url}" could not be fetched: the connection failed`,
  status: (url: string, status: number) => `"${url}" answered with HTTP status ${status}, not a picture`,
  tooLarge: (url: string, maxBytes: number) => `"${url}" is larger than ${sizeInWords(maxBytes)}`,
  tooSlow: (url: string, timeoutMs: number) => `"${url}" took longer than ${timeoutMs / 1000} s to fetch`,
  redirectRefused: (url: string, why: string) => `"${url}" redirects to an address the shop may not fetch: ${why}`,
  tooManyRedirects: (url: string, max: number) => `"${url}" redirects more than ${max} times`,
} as const;
