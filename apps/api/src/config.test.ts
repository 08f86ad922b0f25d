import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig, shippingNote } from './config.ts';

describe('loadConfig', () => {
  it('runs in production unless NODE_ENV=development; test behaves as production', () => {
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'test' }]) {
      expect(loadConfig(env)).toMatchObject({ isProduction: true, isDevelopment: false });
    }
    expect(loadConfig({}).NODE_ENV).toBe('production');
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ isProduction: false, isDevelopment: true });
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('reads the parcel defaults of products added without them (docs/decisions/038-parcel-sizes.md)', () => {
    expect(loadConfig({})).toMatchObject({
      DEFAULT_WEIGHT_GRAMS: 500,
      DEFAULT_PARCEL_CM: { lengthCm: 30, breadthCm: 20, heightCm: 10 },
    });
    expect(loadConfig({ DEFAULT_WEIGHT_GRAMS: '', DEFAULT_PARCEL_CM: '' }).DEFAULT_WEIGHT_GRAMS).toBe(500);
    expect(loadConfig({ DEFAULT_WEIGHT_GRAMS: '1200', DEFAULT_PARCEL_CM: ' 45x35x20 ' })).toMatchObject({
      DEFAULT_WEIGHT_GRAMS: 1200,
      DEFAULT_PARCEL_CM: { lengthCm: 45, breadthCm: 35, heightCm: 20 },
    });
    for (const wrong of ['0', '30001', '1.5', 'heavy']) {
      expect(() => loadConfig({ DEFAULT_WEIGHT_GRAMS: wrong }), wrong).toThrow(/DEFAULT_WEIGHT_GRAMS/);
    }
    for (const wrong of ['30x20', '30x20x0', '201x20x10', '30Lx20Bx10Hcm', '30x20x10.5']) {
      expect(() => loadConfig({ DEFAULT_PARCEL_CM: wrong }), wrong).toThrow(/DEFAULT_PARCEL_CM: .* e\.g\. 30x20x10/);
    }
  });

  it('reads the low-stock threshold products are added with (docs/decisions/049-stock-ledger.md)', () => {
    expect(loadConfig({}).LOW_STOCK_AT).toBe(3);
    expect(loadConfig({ LOW_STOCK_AT: '' }).LOW_STOCK_AT).toBe(3);
    expect(loadConfig({ LOW_STOCK_AT: '0' }).LOW_STOCK_AT).toBe(0);
    expect(loadConfig({ LOW_STOCK_AT: '12' }).LOW_STOCK_AT).toBe(12);
    for (const wrong of ['-1', '2.5', '100001', 'few']) {
      expect(() => loadConfig({ LOW_STOCK_AT: wrong }), wrong).toThrow(/LOW_STOCK_AT/);
    }
  });

  it('stops the start on a seller GSTIN GSTR-1 could not be filed for', () => {
    expect(loadConfig({}).SELLER_GSTIN).toBe('29ABCDE1234F1ZW');
    expect(loadConfig({ SELLER_GSTIN: '27AAPFU0939F1ZV' }).SELLER_GSTIN).toBe('27AAPFU0939F1ZV');
    for (const wrong of ['29ABCDE1234F1Z5', '29ABCDE1234F1Z', 'GSTIN']) {
      expect(() => loadConfig({ SELLER_GSTIN: wrong }), wrong).toThrow(/SELLER_GSTIN/);
    }
  });

  it('trusts no proxy by default and takes TRUST_PROXY as Fastify does', () => {
    const behindProxy = (TRUST_PROXY: string) => loadConfig({ TRUST_PROXY, PUBLIC_URL: 'https://shop.example.in' });
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(behindProxy('true').TRUST_PROXY).toBe(true);
    expect(behindProxy('2').TRUST_PROXY).toBe(2);
    expect(behindProxy('loopback').TRUST_PROXY).toEqual(['loopback']);
    expect(behindProxy('10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8,172.16.0.0/255.240.0.0').TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
    ]);
    for (const wrong of ['yes', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.example.in', '1.2.3', '10.0.0.0/8,']) {
      expect(() => behindProxy(wrong), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('refuses TRUST_PROXY without PUBLIC_URL or ALLOWED_HOSTS: links would name whatever host a request claims', () => {
    for (const trust of ['true', '1', 'loopback', '10.0.0.0/8']) {
      expect(() => loadConfig({ TRUST_PROXY: trust }), trust).toThrow(
        /TRUST_PROXY: behind a proxy the shop must know its own address: set PUBLIC_URL .*or ALLOWED_HOSTS/,
      );
      expect(loadConfig({ TRUST_PROXY: trust, PUBLIC_URL: 'https://shop.example.in' }).publicUrl).toBe(
        'https://shop.example.in',
      );
      const allowed = loadConfig({ TRUST_PROXY: trust, ALLOWED_HOSTS: ' Shop.Example.in, www.shop.example.in:8443' });
      expect(allowed.ALLOWED_HOSTS).toEqual(['shop.example.in', 'www.shop.example.in:8443']);
      // Mail and sign-in callbacks have no request to go by: the first allowed host.
      expect(allowed.publicUrl).toBe('http://shop.example.in');
    }
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([]);
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    for (const wrong of ['https://shop.example.in', 'shop.example.in/path', 'evil.example"><script>', 'a b']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: wrong }), wrong).toThrow(/ALLOWED_HOSTS/);
    }
  });

  it('reads IMPORT_IMAGE_HOSTS as a lower-case comma list of host names, none by default', () => {
    expect(loadConfig({}).IMPORT_IMAGE_HOSTS).toEqual([]);
    expect(loadConfig({ IMPORT_IMAGE_HOSTS: '' }).IMPORT_IMAGE_HOSTS).toEqual([]);
    expect(
      loadConfig({ IMPORT_IMAGE_HOSTS: ' CDN.Shopify.com, *.example.in,,[2606:4700::1111]' }).IMPORT_IMAGE_HOSTS,
    ).toEqual(['cdn.shopify.com', '*.example.in', '[2606:4700::1111]']);
    for (const wrong of [
      'https://cdn.shopify.com',
      'cdn.shopify.com:443',
      'cdn.shopify.com/files',
      '*',
      'a*.example.in',
    ]) {
      expect(() => loadConfig({ IMPORT_IMAGE_HOSTS: wrong }), wrong).toThrow(/IMPORT_IMAGE_HOSTS/);
    }
  });

  it('counts a hop count from the nearest address', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    const hops = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(['loopback'])).toEqual(['loopback']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });

  it('has CORS off unless CORS_ORIGINS lists origins', () => {
    expect(loadConfig({}).CORS_ORIGINS).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: '' }).CORS_ORIGINS).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://app.bagshop.in, http://localhost:5173' }).CORS_ORIGINS).toEqual([
      'https://app.bagshop.in',
      'http://localhost:5173',
    ]);
    for (const wrong of ['*', 'https://app.bagshop.in/', 'app.bagshop.in', 'https://app.bagshop.in/path']) {
      expect(() => loadConfig({ CORS_ORIGINS: wrong }), wrong).toThrow(/CORS_ORIGINS/);
    }
  });

  it('refuses contradictory payment settings at start, with a clear message', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_k', RAZORPAY_KEY_SECRET: 's' };
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay' })).toThrow(
      'PAYMENT_PROVIDER: razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'sandbox', ...keys })).toThrow(
      /PAYMENT_PROVIDER: sandbox cannot be used while Razorpay keys are set/,
    );
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'k' })).toThrow(
      'RAZORPAY_KEY_SECRET: set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither',
    );
    expect(() => loadConfig({ RAZORPAY_KEY_SECRET: 's' })).toThrow(/RAZORPAY_KEY_ID: set both/);
    expect(loadConfig({ PAYMENT_PROVIDER: 'razorpay', ...keys }).PAYMENT_PROVIDER).toBe('razorpay');
    expect(loadConfig({ PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('takes a metrics token of at least 16 characters, and none by default', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-scraper-token-0123' }).METRICS_TOKEN).toBe('a-scraper-token-0123');
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it('ships by hand unless told otherwise; Shiprocket needs its login and webhook token, or the start stops', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      SHIPPING_PROVIDER: 'manual',
      SHIPROCKET_PICKUP_LOCATION: 'Primary',
      SHIPROCKET_API_URL: 'https://apiv2.shiprocket.in',
      SELLER_PINCODE: '560001',
      SHIPPING_POLL_HOURS: 6,
      COD_RTO_LIMIT: 2,
      SHIPPING_DAYS_LOCAL: { earliest: 1, latest: 2 },
      SHIPPING_DAYS_REMOTE: { earliest: 7, latest: 12 },
      SHIPPING_COD_TO_REMOTE: false,
    });
    expect(loadConfig({ SHIPPING_DAYS_METRO: '2-3' }).SHIPPING_DAYS_METRO).toEqual({ earliest: 2, latest: 3 });
    for (const bad of ['5-2', '3', '1-99', 'two']) {
      expect(() => loadConfig({ SHIPPING_DAYS_STATE: bad })).toThrow(/SHIPPING_DAYS_STATE: must be days/);
    }
    expect(shippingNote(defaults)).toBeNull();
    const login = { SHIPROCKET_EMAIL: 'api@bagshop.in', SHIPROCKET_PASSWORD: 'p' };
    const webhook = { SHIPROCKET_WEBHOOK_TOKEN: 'a-long-webhook-token-0123' };
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'shiprocket' })).toThrow(
      'SHIPPING_PROVIDER: shiprocket needs SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_WEBHOOK_TOKEN',
    );
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'shiprocket', ...login })).toThrow(
      /SHIPPING_PROVIDER: shiprocket needs SHIPROCKET_WEBHOOK_TOKEN \(/,
    );
    expect(() => loadConfig({ SHIPROCKET_EMAIL: 'api@bagshop.in' })).toThrow(
      'SHIPROCKET_PASSWORD: set both SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD, or neither',
    );
    expect(() => loadConfig({ ...login, SHIPROCKET_WEBHOOK_TOKEN: 'short' })).toThrow(
      /SHIPROCKET_WEBHOOK_TOKEN: must be at least 16 characters/,
    );
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'delhivery' })).toThrow(/SHIPPING_PROVIDER/);
    const shiprocket = loadConfig({
      SHIPPING_PROVIDER: 'shiprocket',
      ...login,
      ...webhook,
      SHIPROCKET_PICKUP_LOCATION: 'Warehouse',
      SHIPROCKET_API_URL: 'http://127.0.0.1:9000',
    });
    expect(shiprocket).toMatchObject({ SHIPPING_PROVIDER: 'shiprocket', SHIPROCKET_PICKUP_LOCATION: 'Warehouse' });
    expect(shippingNote(shiprocket)).toBeNull();
    // Allowed, but said at start: the login is there and unused.
    expect(shippingNote(loadConfig({ ...login, ...webhook }))).toMatch(/SHIPPING_PROVIDER is manual/);
  });

  it('takes the seller pincode, poll hours and COD return limit within bounds', () => {
    expect(loadConfig({ SELLER_PINCODE: '400001', SHIPPING_POLL_HOURS: '12', COD_RTO_LIMIT: '5' })).toMatchObject({
      SELLER_PINCODE: '400001',
      SHIPPING_POLL_HOURS: 12,
      COD_RTO_LIMIT: 5,
    });
    for (const wrong of ['012345', '56000', '5600011', 'abcdef']) {
      expect(() => loadConfig({ SELLER_PINCODE: wrong }), wrong).toThrow(
        'SELLER_PINCODE: must be a pincode: six digits, not starting with 0',
      );
    }
    expect(() => loadConfig({ SHIPPING_POLL_HOURS: '0' })).toThrow(/SHIPPING_POLL_HOURS/);
    expect(() => loadConfig({ COD_RTO_LIMIT: 'two' })).toThrow(/COD_RTO_LIMIT/);
  });

  it('refuses settings for several processes without one shared JWT_SECRET, and S3 without a bucket', () => {
    const secret = 'a-secret-shared-by-every-shop-process-0123';
    const bucket = { STORAGE: 's3', S3_BUCKET: 'images' };
    expect(() => loadConfig({ SOCKET_ADAPTER: 'postgres' })).toThrow(
      'JWT_SECRET: SOCKET_ADAPTER=postgres means several shop processes: set the same JWT_SECRET',
    );
    expect(() => loadConfig(bucket)).toThrow(/JWT_SECRET: STORAGE=s3 means several shop processes/);
    expect(() => loadConfig({ STORAGE: 's3', JWT_SECRET: secret })).toThrow('S3_BUCKET: STORAGE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ ...bucket, JWT_SECRET: secret, S3_ACCESS_KEY_ID: 'k' })).toThrow(
      'S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET: must be at least 32 characters');
    expect(loadConfig({ ...bucket, SOCKET_ADAPTER: 'postgres', JWT_SECRET: secret }).STORAGE).toBe('s3');
    expect(loadConfig({}).STORAGE).toBe('local');
  });
});
