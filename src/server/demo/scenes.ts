/** The backgrounds a demo panel can be drawn in (comic.ts sceneMarkup draws each). */
export type Scene =
  'street' | 'room' | 'classroom' | 'forest' | 'night' | 'space' | 'field' | 'cafe' | 'beach';
