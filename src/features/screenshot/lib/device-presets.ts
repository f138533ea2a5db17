export interface DevicePreset {
  name: string;
  width: number;
  height: number;
}

/** Common viewports: a preset fills the width and height fields. */
export const DEVICE_PRESETS: readonly DevicePreset[] = [
  { name: 'Desktop', width: 1920, height: 1080 },
  { name: 'Laptop', width: 1366, height: 768 },
  { name: 'Tablet', width: 768, height: 1024 },
  { name: 'Phone', width: 390, height: 844 },
];

/** The preset whose viewport the width and height fields hold, if any. */
export function matchingPreset(width: string | undefined, height: string | undefined) {
  return DEVICE_PRESETS.find((p) => String(p.width) === width && String(p.height) === height);
}
