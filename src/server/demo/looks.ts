import { AAVATAR_FACES, type CharacterLook } from './cast.js';
import { PREMISES, type Person } from './premises.js';

/**
 * How the demo books' characters look. Every book's lead and partner are a pair no other book has
 * (a head is a classic comicgen figure or an aavatar hair; no two books share both heads), each in its
 * own colours. The teacup (comicgen's "bean") is drawn only for a person the premise says is one.
 */

/**
 * Heads, as a classic set name or "aavatar:<gender>/<hair>". Young and plain ones first; evan and ava
 * (stick figures with a black face) are left out: they vanish on a night or space background.
 */
const FEMALE = [
  'aavatar:female/shorthair',
  'aavatar:female/messyponytail',
  'aavatar:female/highbun',
  'dee',
  'aavatar:female/hairband',
  'aavatar:female/densehairwithband',
  'aavatar:female/wavy',
  'aavatar:female/densehair',
  'aavatar:female/blondeshort',
  'aavatar:female/bindi',
  'aavatar:female/blondecurly',
];
const MALE = [
  'aavatar:male/spikes',
  'aavatar:unisex/mediumhair',
  'ethan',
  'aavatar:unisex/topknotbun',
  'aavatar:unisex/mediumhairwithglasses',
  'ringo',
  'aavatar:male/smallgoatee',
  'aavatar:unisex/mediumdreads',
  'bill',
  'aavatar:male/brettbeard',
  'aryan',
  'aavatar:unisex/densedreads',
  'dey',
  'aavatar:male/paintersmoustache',
];
/** Students and young athletes: no beards. */
const YOUNG_MALE = [
  'aavatar:male/spikes',
  'aavatar:unisex/mediumhair',
  'aavatar:unisex/topknotbun',
  'aavatar:unisex/mediumhairwithglasses',
  'aavatar:unisex/mediumdreads',
  'ethan',
  'aavatar:unisex/densedreads',
];
/** Categories whose people are students or young athletes (校园, 运动). */
const YOUNG_GENRES = new Set([2, 6]);
const OLD_FEMALE = ['sophie', 'aavatar:female/oldladywithglasses'];
const OLD_MALE = ['aavatar:male/oldmanwithglasses', 'aavatar:male/oldman'];

const COSTUMES = ['#e03131', '#1971c2', '#2f9e44', '#f08c00', '#9c36b5', '#0c8599', '#e64980', '#5c940d'];

/** What the lead and the partner wear, by category (CATEGORY_NAMES order). */
const ATTIRES: [string, string][] = [
  ['casualfullsleevetee', 'fullsleeveshirt'],
  ['casualtee', 'fullsleeveshirt'],
  ['uniform', 'uniform'],
  ['fullsleeveshirt', 'casualfullsleevetee'],
  ['uniform', 'formalsuit'],
  ['formalsuit', 'fullsleeveshirt'],
  ['casualtee', 'casualfullsleevetee'],
  ['casualtee', 'fullsleeveshirt'],
];

/** A head's identity: two looks with the same one are the same person to a reader. */
export const headOf = (look: CharacterLook): string =>
  look.set === 'aavatar' ? `aavatar:${look.hair ?? ''}` : look.set;

function lookOf(head: string, p: Person, costume: string, attire: string, face: string): CharacterLook {
  if (!head.startsWith('aavatar:')) return { set: head as CharacterLook['set'], costume };
  // aavatar's suit is a man's (with a tie).
  const wear = p.sex === 'f' && attire === 'formalsuit' ? 'casualfullsleevetee' : attire;
  return { set: 'aavatar', costume, hair: head.slice('aavatar:'.length), attire: wear, face };
}

function poolOf(p: Person, genre: number): string[] {
  if (p.old) return p.sex === 'f' ? OLD_FEMALE : OLD_MALE;
  if (p.sex === 'f') return FEMALE;
  return YOUNG_GENRES.has(genre) ? YOUNG_MALE : MALE;
}

let memo: CharacterLook[][][] | null = null;

/** Looks for every premise's cast, [genre][slot][person], assigned in catalogue order. */
function assign(): CharacterLook[][][] {
  if (memo) return memo;
  const out: CharacterLook[][][] = PREMISES.map((list) => list.map(() => []));
  const pairs = new Set<string>();
  const next = new Map<string[], number>();
  const take = (pool: string[], ok: (head: string) => boolean) => {
    const start = next.get(pool) ?? 0;
    for (let k = 0; k < pool.length; k++) {
      const head = pool[(start + k) % pool.length]!;
      if (!ok(head)) continue;
      next.set(pool, (start + k + 1) % pool.length);
      return head;
    }
    throw new Error('demo looks: no head left for a new pair');
  };
  const slots = Math.max(...PREMISES.map((l) => l.length));
  let book = 0;
  for (let slot = 0; slot < slots; slot++) {
    for (const [genre, list] of PREMISES.entries()) {
      const premise = list[slot];
      if (!premise) continue;
      const [lead, partner, ...rest] = premise.cast;
      const face = AAVATAR_FACES[book % AAVATAR_FACES.length]!;
      const [attireA, attireB] = ATTIRES[genre % ATTIRES.length]!;
      const costume = (k: number) => COSTUMES[(book * 3 + k * 5) % COSTUMES.length]!;
      const looks: CharacterLook[] = [];
      const cup = (p: Person) => p.cup === true;
      const leadHead = cup(lead!) ? 'bean' : take(poolOf(lead!, genre), () => true);
      const partnerHead = cup(partner!)
        ? 'bean'
        : take(poolOf(partner!, genre), (h) => h !== leadHead && !pairs.has([leadHead, h].sort().join('+')));
      pairs.add([leadHead, partnerHead].sort().join('+'));
      looks.push(lookOf(leadHead, lead!, costume(0), attireA, face));
      looks.push(lookOf(partnerHead, partner!, costume(1), attireB, face));
      for (const [k, p] of rest.entries()) {
        const head = cup(p) ? 'bean' : take(poolOf(p, genre), (h) => h !== leadHead && h !== partnerHead);
        looks.push(lookOf(head, p, costume(2 + k), attireB, face));
      }
      out[genre]![slot] = looks;
      book++;
    }
  }
  memo = out;
  return out;
}

/** The looks of a premise's cast, in its order. */
export function premiseLooks(genre: number, slot: number): CharacterLook[] {
  const byGenre = assign()[genre % PREMISES.length]!;
  return byGenre[slot % byGenre.length]!;
}
