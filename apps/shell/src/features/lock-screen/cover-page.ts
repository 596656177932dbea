/*
 * What the lock screen does to the rest of the page: every other child of <body> (the console's root and
 * antd's portals: an open modal, a drawer, a toast, the 登录超时 dialog) is made inert, hidden from
 * assistive technology and not rendered at all, so nothing behind the lock can be read, clicked, tabbed to or
 * found by the browser's search. Elements added while locked (a portal opened by a late answer) get the
 * same. Only what it changed is put back afterwards.
 */

interface Was {
  inert: boolean;
  ariaHidden: string | null;
  display: string;
}

const LEFT_ALONE = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'NOSCRIPT']);

/** Covers every child of `body` but `keep`; returns the function that uncovers them. */
export function coverAllBut(keep: Element, body: HTMLElement = document.body): () => void {
  const changed = new Map<HTMLElement, Was>();
  const cover = (node: Node) => {
    if (!(node instanceof HTMLElement) || node === keep || changed.has(node) || LEFT_ALONE.has(node.tagName)) return;
    changed.set(node, { inert: node.hasAttribute('inert'), ariaHidden: node.getAttribute('aria-hidden'), display: node.style.display });
    node.setAttribute('inert', '');
    node.setAttribute('aria-hidden', 'true');
    // Not visibility: a descendant styled visible (antd has some) would show through.
    node.style.display = 'none';
  };
  for (const child of Array.from(body.children)) cover(child);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(cover);
  });
  observer.observe(body, { childList: true });
  return () => {
    observer.disconnect();
    for (const [node, was] of changed) {
      if (!was.inert) node.removeAttribute('inert');
      if (was.ariaHidden === null) node.removeAttribute('aria-hidden');
      else node.setAttribute('aria-hidden', was.ariaHidden);
      node.style.display = was.display;
    }
  };
}
