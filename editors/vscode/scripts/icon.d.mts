export const ICON_SIZE: number;
export function encodePng(width: number, height: number, rgba: Buffer): Buffer;
export function iconPng(): Buffer;
