// A HyperLogLog (Flajolet et al. 2007) of a day's visitor hashes: it tells how many distinct
// visitors a page had in a fixed size, however many came, and two sketches merge by taking
// each register's maximum. Why it is written here rather than taken from npm: decision 18.

/** 2^14 registers: a standard error of 1.04 / √16384 = 0.81 %. */
const PRECISION = 14;
const REGISTERS = 1 << PRECISION;
/** Bits of the 64-bit hash left for the rank once the register's index is taken. */
const RANK_BITS = 64 - PRECISION;
const ALPHA_INF = 1 / (2 * Math.log(2));

/**
 * A sketch is stored in parts of 1,024 registers, each a row of its own: a part is small
 * enough to stay in its table's page, so rewriting it leaves no large dead value behind,
 * which the embedded database (no autovacuum) would never reclaim.
 */
export const SKETCH_PARTS = 16;
const PART_REGISTERS = REGISTERS / SKETCH_PARTS;

/** Stored forms of a part, told apart by the first byte. */
const SPARSE = 1; // then [index: uint16 big-endian, rank: uint8] per register set
const DENSE = 2; // then [part: uint8], then one byte per register of the part

/** The most bytes a stored part takes: the dense form. */
export const MAX_PART_BYTES = 2 + PART_REGISTERS;

// The estimate is Ertl's ("New cardinality estimation algorithms for HyperLogLog sketches",
// 2017, as Redis computes it): unbiased from one visitor up, with no table of corrections
// and no switch to linear counting.
function sigma(x: number): number {
  if (x === 1) return Infinity;
  let y = 1;
  let z = x;
  let previous: number;
  do {
    x *= x;
    previous = z;
    z += x * y;
    y += y;
  } while (z !== previous);
  return z;
}

function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  let previous: number;
  do {
    x = Math.sqrt(x);
    previous = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
  } while (z !== previous);
  return z / 3;
}

/** How many distinct visitors a day's page had, to within about 1 %, in at most 16 KB. */
export class VisitorSketch {
  private readonly registers = new Uint8Array(REGISTERS);

  /**
   * Counts a visitor by their hash; only its first 8 bytes are read. The same hash again
   * changes nothing.
   */
  add(hash: Uint8Array): void {
    const view = new DataView(hash.buffer, hash.byteOffset, 8);
    const high = view.getUint32(0);
    const low = view.getUint32(4);
    const index = high >>> (32 - PRECISION);
    // The rank is one more than the leading zeros of the 50 bits after the index.
    const rest = high & ((1 << (32 - PRECISION)) - 1);
    const rank =
      rest !== 0 ? Math.clz32(rest) - PRECISION + 1 : low !== 0 ? 32 - PRECISION + Math.clz32(low) + 1 : RANK_BITS + 1;
    if (rank > (this.registers[index] ?? 0)) this.registers[index] = rank;
  }

  /** Takes in every visitor `other` counted; says which parts that changed. */
  merge(other: VisitorSketch): Set<number> {
    const changed = new Set<number>();
    for (let index = 0; index < REGISTERS; index++) {
      const rank = other.registers[index] ?? 0;
      if (rank > (this.registers[index] ?? 0)) {
        this.registers[index] = rank;
        changed.add(Math.floor(index / PART_REGISTERS));
      }
    }
    return changed;
  }

  /** The parts that hold any visitor. */
  partsSet(): number[] {
    const parts: number[] = [];
    for (let part = 0; part < SKETCH_PARTS; part++) {
      if (this.registers.subarray(part * PART_REGISTERS, (part + 1) * PART_REGISTERS).some(Boolean)) parts.push(part);
    }
    return parts;
  }

  /** The number of distinct visitors counted, rounded. */
  estimate(): number {
    const histogram = new Array<number>(RANK_BITS + 2).fill(0);
    for (const rank of this.registers) histogram[rank] = (histogram[rank] ?? 0) + 1;
    let z = REGISTERS * tau((REGISTERS - (histogram[RANK_BITS + 1] ?? 0)) / REGISTERS);
    for (let rank = RANK_BITS; rank >= 1; rank--) z = 0.5 * (z + (histogram[rank] ?? 0));
    z += REGISTERS * sigma((histogram[0] ?? 0) / REGISTERS);
    return Math.round((ALPHA_INF * REGISTERS * REGISTERS) / z);
  }

  /**
   * Part `part` as stored: its registers set, three bytes each, while that is shorter than
   * all of them, so a page with few visitors takes a few bytes; past that every register.
   */
  part(part: number): Uint8Array {
    const first = part * PART_REGISTERS;
    const registers = this.registers.subarray(first, first + PART_REGISTERS);
    const set: number[] = [];
    registers.forEach((rank, offset) => {
      if (rank) set.push(first + offset);
    });
    if (1 + 3 * set.length >= MAX_PART_BYTES) {
      const dense = new Uint8Array(MAX_PART_BYTES);
      dense.set([DENSE, part]);
      dense.set(registers, 2);
      return dense;
    }
    const bytes = new Uint8Array(1 + 3 * set.length);
    bytes[0] = SPARSE;
    set.forEach((index, at) => {
      bytes.set([index >> 8, index & 0xff, this.registers[index] ?? 0], 1 + 3 * at);
    });
    return bytes;
  }

  /** A sketch from its stored parts; throws on bytes no part was written as. */
  static fromParts(parts: Iterable<Uint8Array>): VisitorSketch {
    const sketch = new VisitorSketch();
    const set = (index: number, rank: number) => {
      if (index >= REGISTERS || rank > RANK_BITS + 1) throw new Error("Not a visitor sketch");
      if (rank > (sketch.registers[index] ?? 0)) sketch.registers[index] = rank;
    };
    for (const bytes of parts) {
      if (bytes[0] === DENSE && bytes.length === MAX_PART_BYTES) {
        const first = (bytes[1] ?? 0) * PART_REGISTERS;
        bytes.subarray(2).forEach((rank, offset) => {
          set(first + offset, rank);
        });
      } else if (bytes[0] === SPARSE && bytes.length % 3 === 1) {
        for (let at = 1; at < bytes.length; at += 3) {
          set(((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0), bytes[at + 2] ?? 0);
        }
      } else {
        throw new Error("Not a visitor sketch");
      }
    }
    return sketch;
  }
}
