/** A curl command as a person pastes it, with a key: shared by the paste tests in jsdom and Chromium. */
export const PASTED_KEY = 'pasted-Key_0123456789';
export const PASTED_CURL = `curl -G 'https://api.example.com/search/' \\
  --data-urlencode 'query=green tea' \\
  --data-urlencode "country=de" \\
  --data-urlencode 'num=10' \\
  --data-urlencode 'api_key=${PASTED_KEY}'`;
