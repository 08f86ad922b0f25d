import { z } from 'zod';
import { ORDER_MSG } from '../order-messages.ts';
import { PINCODE_PATTERN, SHIPMENT_STATUSES, SHIPPING_PROVIDERS } from '../shipping.ts';
import { SHIPPING_MSG as M } from '../shipping-messages.ts';
import { calendarDay, timestamp } from './answers.ts';

/** Delivery estimates, shipments, the courier's webhook and public tracking (docs/decisions/039-shipping.md). */

export const pincodeField = z
  .string({ error: M.pincodeInvalid })
  .trim()
  .max(6, { error: M.pincodeInvalid })
  .regex(PINCODE_PATTERN, { error: M.pincodeInvalid });

export const shippingEstimateQuery = z
  .strictObject({ pincode: pincodeField })
  .meta({ examples: [{ pincode: '560038' }] });
export type ShippingEstimateQuery = z.infer<typeof shippingEstimateQuery>;

/** When a parcel sent today would arrive; dates are India dates, null when no courier serves the pincode. */
export const shippingEstimateAnswer = z
  .object({
    pincode: z.string(),
    serviceable: z.boolean(),
    codAvailable: z.boolean(),
    earliest: calendarDay.nullable(),
    latest: calendarDay.nullable(),
  })
  .meta({
    id: 'ShippingEstimate',
    examples: [
      { pincode: '560038', serviceable: true, codAvailable: true, earliest: '2026-12-03', latest: '2026-12-04' },
    ],
  });
export type ShippingEstimate = z.infer<typeof shippingEstimateAnswer>;

/** One step of a parcel's journey as the courier reported it. */
export const shipmentEventAnswer = z.object({
  at: timestamp,
  /** As people read it: 'In transit', 'Returning to seller', or the courier's own words for other scans. */
  status: z.string(),
  location: z.string().nullable(),
});

const exampleEvents = [
  { at: '2026-12-02T11:00:00.000Z', status: 'Picked up', location: 'Bengaluru Hub' },
  { at: '2026-12-03T03:15:00.000Z', status: 'In transit', location: 'Chennai Gateway' },
];

/** A parcel as the shopper (order page, /track) sees it. */
export const shipmentAnswer = z.object({
  courier: z.string(),
  awb: z.string(),
  /** The courier's tracking page; null when the shop knows none for a courier booked by hand. */
  trackingUrl: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  /** The courier's expected delivery date (India date), when it gave one. */
  expectedDelivery: calendarDay.nullable(),
  /** Oldest first. */
  events: z.array(shipmentEventAnswer),
});
export type ShipmentDto = z.infer<typeof shipmentAnswer>;

export const exampleShipment = {
  courier: 'Delhivery Surface',
  awb: '19041424751540',
  trackingUrl: 'https://shiprocket.co/tracking/19041424751540',
  status: 'in-transit',
  expectedDelivery: '2026-12-04',
  events: exampleEvents,
} as const;

/** A parcel as the admin desk sees it: which items it carries and what may still be done with it. */
export const adminShipmentAnswer = shipmentAnswer
  .extend({
    _id: z.string(),
    orderId: z.string(),
    provider: z.enum(SHIPPING_PROVIDERS),
    /** The order items in the parcel. */
    items: z.array(z.string()),
    createdAt: timestamp,
    /** Not yet picked up: it can be cancelled and its items go back to Pending. */
    canCancel: z.boolean(),
    /** The courier's own label (Shiprocket's label URL), when there is one; the shop's label is always available. */
    courierLabelUrl: z.string().nullable(),
    pickupScheduledFor: z.string().nullable(),
  })
  .meta({ id: 'AdminShipment' });
export type AdminShipmentDto = z.infer<typeof adminShipmentAnswer>;

export const exampleAdminShipment = {
  ...exampleShipment,
  _id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  orderId: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e',
  provider: 'shiprocket',
  items: ['9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'],
  createdAt: '2026-12-02T10:30:00.000Z',
  canCancel: false,
  courierLabelUrl: 'https://kr-shipmultichannel.s3.ap-southeast-1.amazonaws.com/label/19041424751540.pdf',
  pickupScheduledFor: '2026-12-02 16:00:00',
} as const;

const courierName = z.string().trim().min(1, { error: M.courierRequired }).max(60, { error: M.courierMax });
const awb = z
  .string({ error: M.awbRequired })
  .trim()
  .min(1, { error: M.awbRequired })
  .max(40, { error: M.awbInvalid })
  .regex(/^[A-Za-z0-9-]{4,40}$/, { error: M.awbInvalid });

/**
 * Books a parcel for the order's Pending items (or the named ones). With the manual provider `courier` and `awb` are
 * what the administrator got at the courier's counter; with Shiprocket they are not given (`courierId` may choose a
 * courier, else Shiprocket's recommended one).
 */
export const createShipmentSchema = z
  .strictObject({
    orderId: z.uuid({ error: ORDER_MSG.orderNotFound }),
    items: z
      .array(z.uuid({ error: M.shipItemsInvalid }))
      .min(1, { error: M.shipItemsInvalid })
      .max(50)
      .optional(),
    courier: courierName.optional(),
    awb: awb.optional(),
    courierId: z
      .string()
      .trim()
      .max(10)
      .regex(/^\d{1,10}$/)
      .optional(),
  })
  .meta({
    examples: [
      { orderId: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e' },
      { orderId: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e', courier: 'India Post', awb: 'EK123456789IN' },
    ],
  });
export type CreateShipmentInput = z.infer<typeof createShipmentSchema>;

export const shipmentOnlyAnswer = z
  .object({ message: z.string(), shipment: adminShipmentAnswer })
  .meta({ examples: [{ message: M.shipmentBooked, shipment: exampleAdminShipment }] });
export type ShipmentOnlyResponse = z.infer<typeof shipmentOnlyAnswer>;

/** Ships several orders with the provider's recommended courier (Shiprocket) — each order on its own. */
export const bulkShipSchema = z
  .strictObject({
    orderIds: z
      .array(z.uuid({ error: ORDER_MSG.orderNotFound }))
      .min(1)
      .max(50),
  })
  .meta({ examples: [{ orderIds: ['6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e'] }] });
export type BulkShipInput = z.infer<typeof bulkShipSchema>;

/** Per order: its shipment, or why it was not shipped. */
export const bulkShipAnswer = z
  .object({
    results: z.array(
      z.object({ orderId: z.string(), shipment: adminShipmentAnswer.nullable(), error: z.string().nullable() }),
    ),
  })
  .meta({
    examples: [{ results: [{ orderId: exampleAdminShipment.orderId, shipment: exampleAdminShipment, error: null }] }],
  });
export type BulkShipResponse = z.infer<typeof bulkShipAnswer>;

/** The shop's labels of several shipments as one PDF, one page each, in the order given. */
export const shipmentLabelsSchema = z
  .strictObject({
    shipmentIds: z
      .array(z.uuid({ error: M.shipmentNotFound }))
      .min(1, { error: M.labelsRequired })
      .max(100),
  })
  .meta({ examples: [{ shipmentIds: [exampleAdminShipment._id] }] });
export type ShipmentLabelsInput = z.infer<typeof shipmentLabelsSchema>;

export const shipmentIdParams = z.strictObject({ id: z.uuid({ error: M.shipmentNotFound }) });

export const labelPdfAnswer = {
  description: 'The shipping labels as a PDF, one 4 × 6 inch page a parcel',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

/** Public tracking: the order number and the email or phone it was placed with. */
export const trackQuery = z
  .strictObject({
    orderId: z
      .string({ error: M.trackOrderInvalid })
      .trim()
      .toUpperCase()
      .regex(/^ORD-[A-Z0-9]{10}$/, { error: M.trackOrderInvalid }),
    contact: z.string({ error: M.trackContactRequired }).trim().min(3, { error: M.trackContactRequired }).max(254),
  })
  .meta({ examples: [{ orderId: 'ORD-7K2M9Q4X1B', contact: 'asha.rao@example.in' }] });
export type TrackQuery = z.infer<typeof trackQuery>;

/** What /track shows: the order's number and its parcels, nothing else of the order. */
export const trackAnswer = z
  .object({ orderId: z.string(), shipments: z.array(shipmentAnswer) })
  .meta({ id: 'Tracking', examples: [{ orderId: 'ORD-7K2M9Q4X1B', shipments: [exampleShipment] }] });
export type TrackResponse = z.infer<typeof trackAnswer>;

const text = (max: number) => z.union([z.string().max(max), z.number()]).nullish();

/**
 * Shiprocket's tracking webhook, the parts the shop reads; any other field is accepted and ignored. Statuses are read
 * by their label, never by the numeric ids (docs/decisions/039-shipping.md).
 */
export const shiprocketWebhookBody = z
  .object({
    awb: z.union([z.string().max(40), z.number()]),
    current_status: text(100),
    current_status_id: text(20),
    shipment_status: text(100),
    shipment_status_id: text(20),
    current_timestamp: text(40),
    order_id: text(100),
    etd: text(40),
    scans: z
      .array(
        z.object({
          date: text(40),
          activity: text(500),
          location: text(200),
          'sr-status': text(20),
          'sr-status-label': text(100),
        }),
      )
      .max(500)
      .nullish(),
  })
  .meta({
    examples: [
      {
        awb: '19041424751540',
        courier_name: 'Delhivery Surface',
        current_status: 'IN TRANSIT',
        current_status_id: 20,
        shipment_status: 'IN TRANSIT',
        shipment_status_id: 18,
        current_timestamp: '2026-12-03 08:45:00',
        order_id: 'ORD-7K2M9Q4X1B',
        etd: '2026-12-04 18:00:00',
        scans: [
          {
            date: '2026-12-03 08:45:00',
            activity: 'Shipment in transit',
            location: 'Chennai Gateway',
            'sr-status': '18',
            'sr-status-label': 'IN TRANSIT',
          },
        ],
      },
    ],
  });
export type ShiprocketWebhookBody = z.infer<typeof shiprocketWebhookBody>;

export const SHIPPING_WEBHOOK_OUTCOMES = ['moved', 'recorded', 'already', 'ignored'] as const;
export const shippingWebhookAnswer = z
  .object({ status: z.literal('ok'), outcome: z.enum(SHIPPING_WEBHOOK_OUTCOMES) })
  .meta({ examples: [{ status: 'ok', outcome: 'moved' }] });

/** Of the order items shipped in the period, those that came back: `rate` = returnedToSeller ÷ shipped, 0 for none. */
const rtoSide = z.object({
  shipped: z.int().nonnegative(),
  returnedToSeller: z.int().nonnegative(),
  rate: z.number().min(0).max(1),
});

/**
 * RTO (parcels returned to the seller undelivered) for the dashboard's period, COD and prepaid (card and wallet)
 * side by side, counted in order items (docs/decisions/041-rto-rate.md).
 */
export const rtoRateAnswer = z.object({ cod: rtoSide, prepaid: rtoSide });
export type RtoRate = z.infer<typeof rtoRateAnswer>;

/** Whether the signed-in shopper may pay cash on delivery, and why not (`COD_RTO_LIMIT`). */
export const codEligibilityAnswer = z
  .object({ allowed: z.boolean(), message: z.string().nullable() })
  .meta({ examples: [{ allowed: true, message: null }] });
export type CodEligibility = z.infer<typeof codEligibilityAnswer>;

/** What the admin desk needs to know of the shop's shipping: who books the parcels. */
export const shippingSettingsAnswer = z
  .object({ provider: z.enum(SHIPPING_PROVIDERS), sellerPincode: z.string() })
  .meta({ examples: [{ provider: 'manual', sellerPincode: '560001' }] });
export type ShippingSettings = z.infer<typeof shippingSettingsAnswer>;
