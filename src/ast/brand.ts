/**
 * The trust brand's storage (src/ast/trust.ts says what trust means): a private class field on
 * the node object, holding who vouches for the node. Only this module can write or read it: it
 * is not a property (not in `Object.keys`, JSON, spreads or copies, not compared by deep
 * equality) and nothing outside can forge it.
 *
 * Why a voucher and why at birth (issue 10, measured on a 50,000-term AND chain): adding a field
 * to an object after it was made gives it a second, out-of-object property store. Stamping every
 * node of a parsed tree that way, after the parse, made the parse half as fast again, and the
 * time grew 190x for 114x input: a big tree's nodes are promoted to the old generation while the
 * parse runs, then each gets a young property store, and every scavenge copies them all again.
 * So dsq's node objects are made by constructors (src/ast/objects.ts) that install the brand as
 * the object is made, in the object itself (V8's slack tracking keeps a slot for it), and a
 * parse vouches for all its nodes at once: each node made while a parse runs holds that parse's
 * voucher, granted when the parse ends without an error (a node of a failed parse is never
 * trusted). Nodes made outside a parse hold NOBODY until dsq code that checked them marks them.
 */

/** Who vouches for a node: a parse (trusted once granted), dsq code that checked it (DSQ), or nobody. */
export interface Voucher {
  /** Whether the voucher is good. Only a parse's own voucher changes, once, from false to true. */
  readonly granted: boolean;
}

interface OpenVoucher {
  granted: boolean;
}

const NOBODY: Voucher = Object.freeze({ granted: false });
const DSQ: Voucher = Object.freeze({ granted: true });

/** The voucher of the parse now running (NOBODY between parses). */
let current: Voucher = NOBODY;
/** What the parse now running wants to see of each node it makes, as it is made (see `vouchedParse`). */
let inspect: ((node: object) => void) | null = null;

/** A base class whose constructor returns the object it is given: a derived class's private fields land on that object. */
class Adopt {
  constructor(node: object) {
    return node;
  }
}

class Brand extends Adopt {
  #by: Voucher;

  constructor(node: object, by: Voucher) {
    super(node);
    this.#by = by;
  }

  static trusted(value: object): boolean {
    return #by in value && value.#by.granted;
  }

  static born(node: object): void {
    new Brand(node, current);
  }

  /** Gives `node` the voucher `by`: in place when it has the brand, else as a new field. */
  static give(node: object, by: Voucher): void {
    if (#by in node) {
      node.#by = by;
      return;
    }
    try {
      new Brand(node, by);
    } catch {
      // A future engine may refuse to add private fields to a frozen object: it stays untrusted.
    }
  }

  /** True when `node` had no brand (it is new to this module). */
  static adopt(node: object): boolean {
    if (#by in node) return false;
    Brand.give(node, current);
    return true;
  }
}

/** True when some dsq producer vouches for this object. */
export function hasTrust(value: object): boolean {
  return Brand.trusted(value);
}

/** Marks a node checked by dsq code as trusted (in place when it was born with the brand). */
export function vouch(node: object): void {
  Brand.give(node, DSQ);
}

/**
 * Called by each node constructor (src/ast/objects.ts) on the object it is making, after its
 * fields: installs the brand with the running parse's voucher (or NOBODY).
 */
export function born(node: object): void {
  Brand.born(node);
  if (inspect !== null) inspect(node);
}

/** A node the parser made as a literal (not by a constructor): brands it with the running parse's voucher. */
export function adopt(node: object): void {
  if (Brand.adopt(node) && inspect !== null) inspect(node);
}

/**
 * Runs `parse` with a fresh voucher: every node born (or adopted) meanwhile holds it. The voucher
 * is granted (all those nodes trusted at once) only when `clean` says the result has no error.
 * `see`, when given, is called with each of those nodes as it is made (its fields set): the
 * parser checks the spec's per-node rules there, while the node is still in the CPU's cache,
 * instead of walking the finished tree (for a 10 MB input, a walk over 200 MB of nodes).
 */
export function vouchedParse<R>(parse: () => R, clean: (result: R) => boolean, see: ((node: object) => void) | null = null): R {
  const voucher: OpenVoucher = { granted: false };
  const outer = current;
  const outerSee = inspect;
  current = voucher;
  inspect = see;
  let result: R;
  try {
    result = parse();
  } finally {
    current = outer;
    inspect = outerSee;
  }
  if (clean(result)) voucher.granted = true;
  return result;
}
