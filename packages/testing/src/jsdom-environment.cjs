/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
// jsdom lacks the fetch API and TextEncoder that ky and react-router expect of a browser; lend the
// ones Node has, so component tests run the real modules.
//
// It also makes jsdom's getComputedStyle fast enough for antd, which was most of the time of the
// component tests (a single call took a second, a role query several). antd injects its CSS at run time
// (some 3,500 rules once a page with a table, a form and a few popups has rendered), and jsdom answers a
// getComputedStyle by matching every rule against the element and, for `visibility`, against each of
// its ancestors. antd calls it while rendering (popups, tables, notifications), and testing-library
// for the elements a role query or an accessible name looks at. Two things made that slow:
// - nwsapi, jsdom's selector engine, keeps at most 1,000 compiled selectors, least recently used first
//   out: walking 3,500 rules in order evicted each one before its next use, so every match parsed and
//   compiled its selector again. Its caches are made unbounded here (they hold compiled selectors,
//   never results).
// - Most rules cannot match an element for want of a class (`.ant-btn-primary…`): a rule whose last
//   compound selector names a class (or a tag) the element lacks is answered "no" without nwsapi. Every
//   other rule is still matched by nwsapi, so the computed styles are what they were: the CSS still
//   hides what it hides, for toBeVisible and for role queries. With UC_CHECK_STYLE_SHORTCUT=1 every
//   such "no" is checked against nwsapi, and a test file fails on a wrong one.
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-jsdom');

const LENT = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'ReadableStream', 'TextEncoder', 'TextDecoder'];

/** jsdom's wrapper/implementation helpers, from the jsdom that jest-environment-jsdom runs; null if that jsdom is laid out otherwise. */
function jsdomInternals() {
  try {
    const jsdomDir = path.dirname(require.resolve('jsdom/package.json', { paths: [path.dirname(require.resolve('jest-environment-jsdom'))] }));
    const utils = require(path.join(jsdomDir, 'lib/jsdom/living/generated/utils.js'));
    return typeof utils.implForWrapper === 'function' ? utils : null;
  } catch {
    return null;
  }
}
const idlUtils = jsdomInternals();

const CHECK = process.env.UC_CHECK_STYLE_SHORTCUT === '1';

/** Replaces the storage of one of nwsapi's bounded LRU caches by a Map without a bound. */
function unbound(cache) {
  if (!cache || typeof cache.get !== 'function' || typeof cache.set !== 'function') return;
  const map = new Map();
  cache.get = (key) => map.get(key);
  cache.set = (key, value) => (map.set(key, value), value);
  cache.has = (key) => map.has(key);
  cache.clear = () => map.clear();
  cache.size = () => map.size;
}

const IDENT = /^-?[_a-zA-Z\u00a0-\uffff][\w\u00a0-\uffff-]*|^--[\w\u00a0-\uffff-]*/;

/**
 * What an element needs for `selector` to match it: for each selector of the list, the classes and the
 * tag name written at the top level of its last compound selector (`:where(.x) .ant-btn.ant-btn-primary:hover`
 * needs the classes ant-btn and ant-btn-primary). null when that cannot be told by this simple reading
 * (escapes, namespaces, odd syntax): such a selector always goes to nwsapi.
 */
function needsOf(selector) {
  if (typeof selector !== 'string' || /[\\|]/.test(selector)) return null;
  const subjects = [];
  let depth = 0;
  let quote = '';
  let compound = 0;
  for (let i = 0; i <= selector.length; i++) {
    const c = selector[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === ',' || c === undefined)) {
      subjects.push(selector.slice(compound, i).trim());
      compound = i + 1;
    } else if (depth === 0 && /[\s>+~]/.test(c)) {
      // A combinator: the compound selector after it is the one the element must match.
      const rest = selector.slice(i + 1);
      const end = rest.search(/,/);
      if ((end === -1 ? rest : rest.slice(0, end)).trim()) compound = i + 1;
    }
  }
  if (quote || depth !== 0) return null;
  const needs = [];
  for (const subject of subjects) {
    if (!subject) return null;
    const tag = IDENT.exec(subject);
    const need = { tag: tag ? tag[0].toLowerCase() : null, classes: [] };
    let nested = 0;
    let inQuote = '';
    for (let i = 0; i < subject.length; i++) {
      const c = subject[i];
      if (inQuote) {
        if (c === inQuote) inQuote = '';
      } else if (c === '"' || c === "'") inQuote = c;
      else if (c === '(' || c === '[') nested++;
      else if (c === ')' || c === ']') nested--;
      else if (nested === 0 && c === '.') {
        const name = IDENT.exec(subject.slice(i + 1));
        if (!name) return null;
        need.classes.push(name[0]);
      }
    }
    needs.push(need);
  }
  return needs;
}

/** Wraps the `match` of the document's non-throwing nwsapi (used by getComputedStyle only) with the shortcut. */
function shortcutMatch(documentImpl, engine, missed) {
  const match = engine.match;
  const needsBySelector = new Map();
  // The element last asked about, read once per pass over the rules: jsdom drops document._styleCache on
  // every change to the document, so while it is the same object the element's classes are the same.
  const last = { element: null, styleCache: null, standards: false, classes: new Set(), tag: '' };
  engine.match = (selector, element, callback) => {
    if (element !== last.element || !documentImpl._styleCache || documentImpl._styleCache !== last.styleCache) {
      const impl = idlUtils.implForWrapper(element);
      const classes = impl.getAttributeNS(null, 'class');
      last.element = element;
      last.styleCache = documentImpl._styleCache;
      // In quirks mode classes match without regard to case; the shortcut is for standards mode only.
      last.standards = documentImpl.compatMode === 'CSS1Compat';
      last.classes = new Set(classes ? classes.split(/[\t\n\f\r ]+/) : []);
      last.tag = String(impl._localName).toLowerCase();
    }
    if (last.standards) {
      let needs = needsBySelector.get(selector);
      if (needs === undefined) needsBySelector.set(selector, (needs = needsOf(selector)));
      if (needs && !mayMatch(needs, last.tag, last.classes)) {
        if (CHECK && match(selector, element, callback)) missed.add(selector);
        return false;
      }
    }
    return match(selector, element, callback);
  };
}

function mayMatch(needs, tag, classes) {
  for (const need of needs) {
    if (need.tag !== null && need.tag !== tag) continue;
    let all = true;
    for (const name of need.classes) {
      if (!classes.has(name)) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of LENT) {
      if (this.global[name] === undefined && globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    this.missed = new Set();
    // Another jsdom than the one this was written for: no shortcut (the tests are only slower).
    const documentImpl = idlUtils && idlUtils.implForWrapper(this.global.document);
    if (!documentImpl || '_nwsapi' in documentImpl || '_nwsapiDontThrow' in documentImpl) return;
    // jsdom creates a document's selector engines lazily, under these two names; catch them as they are set.
    for (const key of ['_nwsapi', '_nwsapiDontThrow']) {
      let engine;
      Object.defineProperty(documentImpl, key, {
        configurable: true,
        enumerable: true,
        get: () => engine,
        set: (value) => {
          engine = value;
          if (!value) return;
          // From now on a plain property again, as jsdom reads it once per rule.
          Object.defineProperty(documentImpl, key, { value, writable: true, configurable: true, enumerable: true });
          for (const cache of ['matchLambdas', 'selectLambdas', 'matchResolvers', 'selectResolvers']) unbound(value[cache]);
          if (key === '_nwsapiDontThrow' && typeof value.match === 'function') shortcutMatch(documentImpl, value, this.missed);
        },
      });
    }
  }

  async teardown() {
    await super.teardown();
    if (this.missed.size) throw new Error(`jsdom-environment: the style shortcut wrongly ruled out ${[...this.missed].join(' | ')}`);
  }
}

module.exports = JsdomWithFetchEnvironment;
