/*
 * Evernote's three checklist forms as one HTML form, `<ul><li><input type="checkbox" checked>text</li></ul>`,
 * which BlockNote's HTML parser reads as checked and unchecked check list items (docs/product.md "What
 * each format keeps"): `<en-todo checked="true"/>` inside a line (the old editor), `<ul style="--en-todo:true">`
 * with `<li style="--en-checked:true">` (the current editor), and task groups, whose tasks are `<task>`
 * elements of the note that a `<div style="--en-task-group:true; --en-id:ID">` places.
 */
import {
  DomUtils,
  element,
  findAll,
  isElement,
  isTag,
  isText,
  styleProperty,
  textNode,
  unwrap,
  type ChildNode,
  type Element,
  type ParentNode,
} from '../html/dom';
import type { RawTask } from './parse';

const LINE_BLOCKS = ['div', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote'];

function checkbox(checked: boolean): Element {
  return element('input', checked ? { type: 'checkbox', checked: '' } : { type: 'checkbox' });
}

function isChecked(todo: Element): boolean {
  return (todo.attribs.checked ?? '').toLowerCase() === 'true';
}

/** The nearest ancestor that is a line of text, a list item or a table cell (null at the note's root). */
function lineOf(node: Element): Element | null {
  let parent = node.parent;
  while (isElement(parent)) {
    if (parent.name === 'en-note') return null;
    if (isTag(parent, ...LINE_BLOCKS, 'li', 'td', 'th')) return parent;
    parent = parent.parent;
  }
  return null;
}

/** Drops line breaks at the ends of a list item's content (the line's own `<br/>`). */
function trimBreaks(nodes: ChildNode[]): ChildNode[] {
  const out = [...nodes];
  while (out.length && isTag(out[out.length - 1], 'br')) out.pop();
  while (out.length && isTag(out[0], 'br')) out.shift();
  return out;
}

/**
 * `<en-todo>`s as checkboxes. A line of them becomes a list of checked or unchecked items; one in a list
 * item or a table cell becomes that item's or cell's checkbox.
 */
export function rewriteTodos(root: ParentNode): void {
  const byLine = new Map<Element | null, Element[]>();
  for (const todo of findAll(root, (node) => node.name === 'en-todo')) {
    const line = lineOf(todo);
    byLine.set(line, [...(byLine.get(line) ?? []), todo]);
  }
  for (const [line, todos] of byLine) {
    if (line && isTag(line, ...LINE_BLOCKS)) {
      lineToChecklistByTodo(line, todos);
      continue;
    }
    for (const todo of todos) {
      if (line && line.name === 'li') {
        DomUtils.removeElement(todo);
        DomUtils.prependChild(line, checkbox(isChecked(todo)));
      } else DomUtils.replaceElement(todo, checkbox(isChecked(todo)));
    }
  }
}

/** A line holding `<en-todo>`s as a list: one item from each to-do to the next; text before the first stays a line. */
function lineToChecklistByTodo(line: Element, todos: Element[]): void {
  const items: { checked: boolean; content: ChildNode[] }[] = [];
  const before: ChildNode[] = [];
  for (const child of [...line.children]) {
    const todo = todos.find(
      (candidate) => candidate === child || (isElement(child) && DomUtils.existsOne((n) => n === candidate, child.children)),
    );
    if (todo) {
      items.push({ checked: isChecked(todo), content: [] });
      if (todo !== child) {
        DomUtils.removeElement(todo);
        items[items.length - 1].content.push(child);
      }
      continue;
    }
    (items.length ? items[items.length - 1].content : before).push(child);
  }
  const list = element(
    'ul',
    {},
    items.map((item) => element('li', {}, [checkbox(item.checked), ...trimBreaks(item.content)])),
  );
  if (trimBreaks(before).length) DomUtils.prepend(line, element(line.name, {}, trimBreaks(before)));
  DomUtils.prepend(line, list);
  DomUtils.removeElement(line);
}

/** The current editor's to-do lists: each `<li>` gets its checkbox, its one `<div>` line unwrapped. */
export function rewriteTodoLists(root: ParentNode): void {
  for (const list of findAll(root, (node) => (node.name === 'ul' || node.name === 'ol') && styleProperty(node, '--en-todo') === 'true')) {
    for (const item of list.children) {
      if (!isElement(item) || item.name !== 'li') continue;
      const only = item.children.filter((child) => !(isText(child) && !child.data.trim()));
      if (only.length === 1 && isElement(only[0]) && only[0].name === 'div') unwrap(only[0]);
      DomUtils.prependChild(item, checkbox(styleProperty(item, '--en-checked') === 'true'));
    }
    if (list.name === 'ol') list.name = 'ul';
  }
}

/** Tasks in the order Evernote shows them: by `sortWeight`, then as the file lists them. */
function ordered(tasks: RawTask[]): RawTask[] {
  return tasks
    .map((task, index) => ({ task, index }))
    .sort((a, b) => (a.task.sortWeight < b.task.sortWeight ? -1 : a.task.sortWeight > b.task.sortWeight ? 1 : a.index - b.index))
    .map(({ task }) => task);
}

function taskList(tasks: RawTask[]): Element {
  return element(
    'ul',
    {},
    ordered(tasks).map((task) => element('li', {}, [checkbox(task.status === 'completed'), textNode(task.title)])),
  );
}

/**
 * Task groups as checklists where their `<div>` stands; tasks of a group no `<div>` places come last, so
 * none is lost. Returns the checklists to append.
 */
export function rewriteTaskGroups(root: ParentNode, tasks: RawTask[]): Element[] {
  const byGroup = new Map<string, RawTask[]>();
  for (const task of tasks) byGroup.set(task.groupId, [...(byGroup.get(task.groupId) ?? []), task]);
  for (const group of findAll(root, (node) => styleProperty(node, '--en-task-group') === 'true')) {
    const id = styleProperty(group, '--en-id') ?? '';
    const groupTasks = byGroup.get(id);
    byGroup.delete(id);
    if (groupTasks?.length) DomUtils.replaceElement(group, taskList(groupTasks));
    else DomUtils.removeElement(group);
  }
  return [...byGroup.values()].filter((group) => group.length > 0).map(taskList);
}
