// The upstream pedigree of an event as a graph of events and products. Breadth first from the start
// event: the products it consumed (or observed), the events that produced those products, what those
// events consumed, and so on. Visited events and products are remembered, so a cycle in the data ends
// the walk instead of looping; depth and node count are bounded, and `truncated` says when a bound
// cut something off. The events come from a callback, which keeps this code free of I/O and leaves
// workspace isolation to the caller's query.
import { productKey } from './product-ref.ts';
import type { Action, EventType, Gs1Key, NormalisedEvent, ProductRef } from './types.ts';

export const LINEAGE_LIMITS = Object.freeze({
  defaultDepth: 10,
  maxDepth: 50,
  defaultNodes: 500,
  maxNodes: 5000,
});

export type LineageRelation = 'input' | 'output' | 'child' | 'parent' | 'observed';

export interface LineageEventNode {
  id: string;
  kind: 'event';
  eventId: string;
  eventType: EventType;
  eventTime: string;
  action?: Action;
  bizStep?: string;
  /** Production steps between this event and the start event (0 for the start). */
  depth: number;
}

export interface LineageProductNode {
  id: string;
  kind: 'product';
  /** The identity key (productKey). */
  key: string;
  /** The identifier as the first event that named it wrote it. */
  uri: string;
  productKind: 'instance' | 'class';
  gs1?: Gs1Key;
  depth: number;
}

export type LineageNode = LineageEventNode | LineageProductNode;

/** Edges follow the material: product → event that consumed it, event → product it made. */
export interface LineageEdge {
  from: string;
  to: string;
  relation: LineageRelation;
  quantity?: number;
  uom?: string;
}

export interface Lineage {
  root: string;
  nodes: LineageNode[];
  edges: LineageEdge[];
  truncated: boolean;
}

export interface LineageOptions {
  /** Events, of the caller's workspace only, that list any of these product keys among their outputs. */
  eventsProducing(productKeys: string[]): Promise<NormalisedEvent[]>;
  /** Production steps to walk up from the start event (default 10, at most 50). */
  maxDepth?: number;
  /** Nodes in the answer, events and products together (default 500, at most 5000). */
  maxNodes?: number;
}

export const eventNodeId = (eventId: string): string => `event:${eventId}`;
export const productNodeId = (key: string): string => `product:${key}`;

const unique = (keys: string[]): string[] => [...new Set(keys)];

/** Keys of the products an event made: what a store indexes to answer `eventsProducing`. */
export function outputKeys(event: NormalisedEvent): string[] {
  return unique(event.outputs.map(productKey));
}

/** Keys of the products an event consumed or observed. */
export function inputKeys(event: NormalisedEvent): string[] {
  return unique([...event.inputs, ...event.observed].map(productKey));
}

/** Every product an event names, once each (by identity key): what links the event to passports and units. */
export function productsOf(event: NormalisedEvent): ProductRef[] {
  const seen = new Map<string, ProductRef>();
  for (const ref of [
    ...event.inputs,
    ...event.outputs,
    ...event.observed,
    ...event.parents,
    ...event.children,
  ]) {
    const key = productKey(ref);
    if (!seen.has(key)) seen.set(key, ref);
  }
  return [...seen.values()];
}

function relationOf(event: NormalisedEvent, ref: ProductRef, plain: 'input' | 'output'): LineageRelation {
  const key = productKey(ref);
  if (event.parents.some((parent) => productKey(parent) === key)) return 'parent';
  if (event.children.some((child) => productKey(child) === key)) return 'child';
  return plain;
}

const clamp = (value: number | undefined, fallback: number, max: number): number =>
  Math.min(Math.max(Math.trunc(value ?? fallback), 0), max);

function byTimeThenId(a: NormalisedEvent, b: NormalisedEvent): number {
  if (a.eventTime !== b.eventTime) return a.eventTime < b.eventTime ? -1 : 1;
  return a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0;
}

export async function buildLineage(start: NormalisedEvent, options: LineageOptions): Promise<Lineage> {
  const maxDepth = clamp(options.maxDepth, LINEAGE_LIMITS.defaultDepth, LINEAGE_LIMITS.maxDepth);
  const maxNodes = Math.max(clamp(options.maxNodes, LINEAGE_LIMITS.defaultNodes, LINEAGE_LIMITS.maxNodes), 1);
  const nodes = new Map<string, LineageNode>();
  const edges = new Map<string, LineageEdge>();
  const queried = new Set<string>();
  let truncated = false;

  const addNode = (node: LineageNode): boolean => {
    if (nodes.has(node.id)) return true;
    if (nodes.size >= maxNodes) {
      truncated = true;
      return false;
    }
    nodes.set(node.id, node);
    return true;
  };
  const addEdge = (from: string, to: string, relation: LineageRelation, ref: ProductRef): void => {
    const id = `${from}\n${to}\n${relation}`;
    if (edges.has(id)) return;
    const edge: LineageEdge = { from, to, relation };
    if (ref.quantity !== undefined) edge.quantity = ref.quantity;
    if (ref.uom !== undefined) edge.uom = ref.uom;
    edges.set(id, edge);
  };
  const addEvent = (event: NormalisedEvent, depth: number): boolean => {
    const node: LineageEventNode = {
      id: eventNodeId(event.eventId),
      kind: 'event',
      eventId: event.eventId,
      eventType: event.eventType,
      eventTime: event.eventTime,
      depth,
    };
    if (event.action !== undefined) node.action = event.action;
    if (event.bizStep !== undefined) node.bizStep = event.bizStep;
    return addNode(node);
  };
  const addProduct = (ref: ProductRef, depth: number): string | undefined => {
    const key = productKey(ref);
    const node: LineageProductNode = {
      id: productNodeId(key),
      kind: 'product',
      key,
      uri: ref.uri,
      productKind: ref.kind,
      depth,
    };
    if (ref.gs1 !== undefined) node.gs1 = ref.gs1;
    return addNode(node) ? key : undefined;
  };
  /** Adds what an event consumed or observed; returns the product keys not yet looked up. */
  const expand = (event: NormalisedEvent, depth: number): string[] => {
    const eventId = eventNodeId(event.eventId);
    const upstream: [ProductRef, LineageRelation][] = [
      ...event.inputs.map((ref): [ProductRef, LineageRelation] => [ref, relationOf(event, ref, 'input')]),
      ...event.observed.map((ref): [ProductRef, LineageRelation] => [ref, 'observed']),
    ];
    const pending: string[] = [];
    for (const [ref, relation] of upstream) {
      const key = addProduct(ref, depth);
      if (key === undefined) continue;
      addEdge(productNodeId(key), eventId, relation, ref);
      if (!queried.has(key)) {
        queried.add(key);
        pending.push(key);
      }
    }
    return pending;
  };

  const visited = new Set<string>([start.eventId]);
  addEvent(start, 0);
  for (const ref of start.outputs) {
    const key = addProduct(ref, 0);
    if (key !== undefined)
      addEdge(eventNodeId(start.eventId), productNodeId(key), relationOf(start, ref, 'output'), ref);
  }
  let pending = expand(start, 0);

  for (let depth = 1; pending.length > 0 && !truncated; depth++) {
    const wanted = new Set(pending);
    const producers = (await options.eventsProducing(pending))
      .filter((event) => event.errorDeclaration === undefined)
      .sort(byTimeThenId);
    const next: string[] = [];
    for (const producer of producers) {
      const made = producer.outputs.filter((ref) => wanted.has(productKey(ref)));
      if (made.length === 0) continue;
      const fresh = !visited.has(producer.eventId);
      if (fresh && depth > maxDepth) {
        truncated = true;
        break;
      }
      if (fresh && !addEvent(producer, depth)) break;
      visited.add(producer.eventId);
      const id = eventNodeId(producer.eventId);
      for (const ref of made)
        addEdge(id, productNodeId(productKey(ref)), relationOf(producer, ref, 'output'), ref);
      if (fresh) next.push(...expand(producer, depth));
    }
    pending = next;
  }

  return {
    root: eventNodeId(start.eventId),
    nodes: [...nodes.values()],
    edges: [...edges.values()],
    truncated,
  };
}
