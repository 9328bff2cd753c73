/*
 * The small DOM toolkit readers rewrite ENML and HTML with: htmlparser2's parser, domhandler's nodes,
 * domutils' moves and dom-serializer's output (no DOM exists in the import worker).
 */
import { Element, Text, isTag as isDomTag, isText, isDirective, type AnyNode, type ChildNode, type ParentNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';

export { DomUtils, isDirective, isText };
export type { AnyNode, ChildNode, Element, ParentNode };

/** Parses HTML or ENML leniently; `<tag/>` closes the tag (ENML is XHTML). */
export function parseMarkup(markup: string) {
  return parseDocument(markup, { recognizeSelfClosing: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
}

/** A new element with attributes and children. */
export function element(name: string, attribs: Record<string, string> = {}, children: ChildNode[] = []): Element {
  const node = new Element(name, attribs, []);
  for (const child of children) DomUtils.appendChild(node, child);
  return node;
}

/** A new text node (escaped when serialized). */
export function textNode(data: string): Text {
  return new Text(data);
}

/** Whether a node is an element (a tag, a script or a style). */
export function isElement(node: AnyNode | null | undefined): node is Element {
  return !!node && isDomTag(node);
}

/** Whether a node is an element named one of `names`. */
export function isTag(node: AnyNode | null | undefined, ...names: string[]): boolean {
  return isElement(node) && names.includes(node.name);
}

/** HTML of nodes; non-ASCII text stays as it is (only markup characters are escaped). */
export function serialize(nodes: AnyNode | AnyNode[]): string {
  return DomUtils.getOuterHTML(nodes, { encodeEntities: 'utf8' });
}

/** Every element under `root` that passes `test`, in document order (collected before any change). */
export function findAll(root: ParentNode | AnyNode[], test: (node: Element) => boolean): Element[] {
  return DomUtils.findAll(test, Array.isArray(root) ? root : root.children);
}

/** Replaces `node` by its children: the tag goes, the content stays where it was. */
export function unwrap(node: Element): void {
  const parent = node.parent;
  if (!parent) return;
  for (const child of [...node.children]) DomUtils.prepend(node, child);
  DomUtils.removeElement(node);
}

/** A style attribute's custom property, e.g. `--en-id` in `--en-task-group:true; --en-id:ID`, or null. */
export function styleProperty(node: Element, property: string): string | null {
  const style = node.attribs.style;
  if (!style || !style.includes(property)) return null;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0 && declaration.slice(0, colon).trim() === property) return declaration.slice(colon + 1).trim();
  }
  return null;
}
