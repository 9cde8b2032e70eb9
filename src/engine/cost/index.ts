export * from './call-ledger.ts';
export * from './device-profiles.ts';
export * from './turn-time.ts';
export * from './search-cost.ts';
export * from './speed-meter.ts';
