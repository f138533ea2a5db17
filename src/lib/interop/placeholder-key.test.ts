import { describe, expect, test } from 'vitest';
import { keyStandIn } from './placeholder-key.ts';

describe('keyStandIn', () => {
  test.each([
    'YOUR_KEY',
    'YOUR_API_KEY',
    'your-api-key-here',
    'yourApiKey',
    'XXX',
    'xxxxxxxx',
    'XXXX-XXXX-XXXX',
    'API_KEY',
    'apikey',
    'REDACTED',
    '<API_KEY>',
    '<your key>',
    '{{api_key}}',
    '[KEY]',
    '%API_KEY%',
    '•••',
    '****',
    '...',
    'INSERT_KEY_HERE',
    'VENDOR_API_KEY',
    '',
  ])('%s is a placeholder', (value) => {
    expect(keyStandIn(value)).toBe('placeholder');
  });

  test.each(['$SCRAPINGDOG_API_KEY', '${API_KEY}', '$key'])('%s is a shell variable', (value) => {
    expect(keyStandIn(value)).toBe('variable');
  });

  test.each([
    'demo-key',
    'pasted-Key_0123456789',
    '5eaa61a6e562fc52fe763d516e4653',
    'team_key_2',
    'abc-123_X',
    'hdr_key',
  ])('%s may be a key', (value) => {
    expect(keyStandIn(value)).toBeNull();
  });
});
