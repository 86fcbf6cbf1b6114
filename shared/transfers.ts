/**
 * Transfer types (spec 03 §2.10, §3): bus, railway, avia. One list for the sea tours (their transfer
 * types and percent markups) and the applications (a transfer leg's type, the sea-tour markup it picks).
 */
export const TransferType = { Bus: 1, Railway: 2, Avia: 3 } as const;
export type TransferType = (typeof TransferType)[keyof typeof TransferType];

export const TRANSFER_TYPES = [
  { id: TransferType.Bus, name: 'Автобус' },
  { id: TransferType.Railway, name: 'Ж/д' },
  { id: TransferType.Avia, name: 'Авиа' },
] as const;

export const TRANSFER_TYPE_IDS: readonly number[] = TRANSFER_TYPES.map((type) => type.id);
