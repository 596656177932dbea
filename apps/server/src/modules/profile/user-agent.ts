import Bowser from 'bowser';

/** What a person recognises of a user agent: "Chrome 126" on "Windows 10", a desktop. */
export interface AgentDevice {
  browser: string;
  os: string;
  /** desktop, mobile, tablet, tv, bot, or empty when the agent does not say. */
  device: string;
}

const major = (version: string | undefined) => version?.split('.')[0];
const words = (...parts: (string | undefined)[]) => parts.filter((p) => p).join(' ');

/**
 * The browser, system and kind of device a stored user agent names (sessions and sign-ins keep the
 * agent as sent; it is parsed when shown, so a better parser improves old rows too).
 */
export function describeUserAgent(userAgent: string): AgentDevice {
  if (!userAgent.trim()) return { browser: '', os: '', device: '' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  return {
    browser: words(browser.name, major(browser.version)),
    os: words(os.name, os.versionName ?? os.version),
    device: platform.type ?? '',
  };
}
