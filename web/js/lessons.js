// The first-game lessons: per game, a few positions that each teach one rule by doing it.
// Pure data (node tests check it against the server's rules: tests/lessons.test.mjs and the
// browser's learn.spec.mjs). A lesson is a position (`position` text and/or a `record` from
// the start, under `options`), what to do, and the moves that do it (`goal`: canonical moves,
// or 'any' for a lesson that only teaches how to click a turn). Texts in English and Hungarian.

export const LESSONS = {
  gipf: [
    {
      id: 'enter',
      options: {},
      title: { en: 'Bring in a GIPF piece', hu: 'GIPF-korong behozása' },
      text: {
        en: 'Pieces come in from the black dots on the edge and push everything in their line one step on. In the tournament game your first piece must be a GIPF piece (two stacked pieces): click a dot twice, then one of the ringed points next to it.',
        hu: 'A korongok a szélső fekete pontokról lépnek be, és a vonalukban mindent egy lépéssel előretolnak. A versenyjátékban az első korongod GIPF-korong (két egymásra rakott korong): kattints kétszer egy pontra, aztán egy mellette lévő bekarikázott pontra.',
      },
      goal: 'any',
      done: {
        en: 'Your GIPF piece is on the board. As long as you have a GIPF piece on the board, you are still in the game.',
        hu: 'A GIPF-korongod a táblán van. Amíg van GIPF-korongod a táblán, játékban maradsz.',
      },
    },
    {
      id: 'row',
      options: { variant: 'basic' },
      position: 'ooo1/5/6/7/6/5/xxx1 w 12,12 0,0 -',
      title: { en: 'Make a row of four', hu: 'Négyes sor' },
      text: {
        en: 'Four of your pieces in one line make a row, and the row leaves the board. Three white pieces stand on the b line: push a fourth into that line.',
        hu: 'Négy saját korong egy vonalban sort alkot, és a sor lekerül a tábláról. A b vonalon három fehér korong áll: tolj be mellé egy negyediket.',
      },
      goal: ['a4-b5;xb2,b3,b4,b5', 'a5-b5;xb2,b3,b4,b5', 'b1-b2;xb2,b3,b4,b5', 'b6-b5;xb2,b3,b4,b5'],
      done: {
        en: 'The row is gone: your own pieces went back to your reserve. Enemy pieces in a row (or touching it on its line) are captured. Run out of pieces in reserve and you lose.',
        hu: 'A sor lekerült: a saját korongjaid visszamentek a készletedbe. A sorban (vagy a vonalán hozzá érve) álló ellenséges korongokat leütöd. Akinek elfogy a készlete, veszít.',
      },
    },
  ],
  'bulgarian-ur': [
    {
      id: 'enter',
      options: {},
      position: 'towers=- reserve=10,10 removed=0,0 turn=black:r3 quiet=0',
      title: { en: 'Roll and bring a disc in', hu: 'Dobás és beléptetés' },
      text: {
        en: 'Black has rolled a 3: the whole roll moves one disc. Bring a disc in: click your reserve, then the ringed square it lands on.',
        hu: 'Fekete 3-at dobott: az egész dobással egy korong lép. Léptess be egy korongot: kattints a készletedre, aztán a bekarikázott mezőre, ahová érkezik.',
      },
      goal: 'any',
      done: {
        en: 'Your disc is on square 3 of your track. Squares 1–4 are your own, 5–12 the shared centre, 13 and 14 your base.',
        hu: 'A korongod a pályád 3. mezőjén áll. Az 1–4. mező a tiéd, az 5–12. a közös közép, a 13. és 14. a bázisod.',
      },
    },
    {
      id: 'prisoner',
      options: {},
      position: 'towers=c5:B,c7:Y reserve=9,9 removed=0,0 turn=black:r2 quiet=0',
      title: { en: 'Take a prisoner', hu: 'Foglyul ejtés' },
      text: {
        en: 'Landing on an enemy disc in the centre makes it your prisoner: your disc sits on top and carries it along. You rolled a 2: land on the yellow disc.',
        hu: 'Ha a középen ellenséges korongra lépsz, foglyul ejted: a korongod ráül, és magával viszi. 2-t dobtál: lépj a sárga korongra.',
      },
      goal: ['5-7'],
      done: {
        en: 'A prisoner! Bring the tower to square 14 and its prisoners leave the game. A player whose discs are all prisoners loses.',
        hu: 'Fogoly! Vidd a tornyot a 14. mezőre, és a foglyai kikerülnek a játékból. Akinek minden korongja fogoly, veszít.',
      },
    },
  ],
  seega: [
    {
      id: 'place',
      options: {},
      title: { en: 'Place your stones', hu: 'A kövek lerakása' },
      text: {
        en: 'Seega starts on an empty board. On your turn place two stones: click two empty cells. The centre stays empty until everything is placed.',
        hu: 'A seega üres táblán kezdődik. A lépésedben két követ raksz le: kattints két üres mezőre. A közép üres marad, amíg minden kő le nem kerül.',
      },
      goal: 'any',
      done: {
        en: 'When every stone is placed, the stones start to move, one step at a time, into the one empty cell and beyond.',
        hu: 'Ha minden kő lekerült, a kövek lépni kezdenek, egyszerre egyet, az egyetlen üres mezőre, aztán tovább.',
      },
    },
    {
      id: 'capture',
      options: {},
      position: 'O...O/....O/...../X.OX./....X first moving 0,0 0',
      title: { en: 'Capture by trapping', hu: 'Ütés közrefogással' },
      text: {
        en: 'A stone steps to an adjacent empty cell, diagonals too. An enemy stone caught between the stone that moved and another of yours, on one line, is captured. Catch the light stone on c2.',
        hu: 'Egy kő a szomszédos üres mezőre lép, átlósan is. Ha egy ellenséges követ a lépő köved és egy másik köved egy vonalban közrefog, leütöd. Fogd közre a c2-n álló világos követ.',
      },
      goal: ['a2-b2'],
      done: {
        en: 'Captured. A stone that moves in between two enemy stones itself is safe, and so is a stone on the centre.',
        hu: 'Leütve. Az a kő, amely maga lép két ellenséges kő közé, nem esik el, és a középen álló kő sem.',
      },
    },
    {
      id: 'series',
      options: {},
      position: 'O..XO/..O.O/...../X.OX./....X first moving 0,0 0',
      title: { en: 'A capture series', hu: 'Ütéssorozat' },
      text: {
        en: 'After a capture the same stone may step again when that step captures too, all in one turn. Take two light stones in one turn.',
        hu: 'Ütés után ugyanaz a kő újra léphet, ha az a lépés is üt, mindez egy lépésben. Üss le két világos követ egy lépésben.',
      },
      goal: ['a2-b2-b3', 'a2-b3-b2'],
      done: {
        en: 'Two in one turn. A player left with one stone (or none) loses.',
        hu: 'Kettő egy lépésben. Akinek egy köve marad (vagy egy sem), veszít.',
      },
    },
  ],
  amazons: [
    {
      id: 'turn',
      options: {},
      title: { en: 'Move, then shoot', hu: 'Lépés, aztán lövés' },
      text: {
        en: 'A turn has two parts. Move one of your queens like a chess queen (any distance, straight or diagonal, never through a queen or a stone), then from where she lands shoot a stone the same way. Click a queen, her new cell, then the cell to shoot.',
        hu: 'Egy lépés két részből áll. Lépj az egyik királynőddel, mint a sakkban a vezér (bármennyit, egyenesen vagy átlósan, királynőn vagy kövön át soha), aztán onnan, ahová érkezett, lőj ki egy követ ugyanígy. Kattints egy királynőre, az új mezőjére, aztán a célmezőre.',
      },
      goal: 'any',
      done: {
        en: 'Stones stay for good: the board shrinks every turn.',
        hu: 'A kövek végleg ott maradnak: a tábla minden lépéssel szűkül.',
      },
    },
    {
      id: 'trap',
      options: {},
      position: '2#..../.#..../....../....../....../.....1 1',
      title: { en: 'Shut the last queen in', hu: 'Zárd be az utolsó királynőt' },
      text: {
        en: 'The player who cannot make a turn loses. Black’s queen in the corner has one way out left. Close it with your shot.',
        hu: 'Aki nem tud lépni, veszít. A sarokban álló fekete királynőnek egy kijárata maradt. Zárd el a lövéseddel.',
      },
      goal: ['f1-e1/a5', 'f1-a1/a5'],
      done: {
        en: 'Black cannot move: White wins. In a real game, count territory: the cells only your queens can reach.',
        hu: 'Fekete nem tud lépni: Fehér nyer. Igazi játszmában a terület számít: a mezők, ahová csak a te királynőid érnek el.',
      },
    },
  ],
};

/** The learn pages' own words (the lessons carry theirs). */
export const WORDS = {
  en: {
    learn: 'Learn to play',
    intro: 'A few positions per game, each teaching one rule by doing it. Nothing here is a game: play as often as you like.',
    lesson: (i, n) => `Lesson ${i} of ${n}`,
    hint: 'Show me',
    again: 'Start this lesson again',
    next: 'Next lesson',
    back: 'All lessons',
    play: 'Play a game',
    rules: 'The rules',
    wrong: 'That move is legal, but it does not do what this lesson asks. Try again.',
    well: 'Well done!',
    finished: 'You have done every lesson of this game.',
    doneMark: 'done',
    failed: 'The lesson could not be loaded: ',
    which: 'Which move?',
  },
  hu: {
    learn: 'Tanuld meg',
    intro: 'Játékonként néhány állás, mindegyik egy szabályt tanít meg gyakorlással. Itt semmi sem igazi játszma: játszd újra, ahányszor kedved tartja.',
    lesson: (i, n) => `${i}. lecke / ${n}`,
    hint: 'Mutasd meg',
    again: 'A lecke újrakezdése',
    next: 'Következő lecke',
    back: 'Minden lecke',
    play: 'Játssz egy játszmát',
    rules: 'A szabályok',
    wrong: 'Ez szabályos lépés, de nem azt teszi, amit a lecke kér. Próbáld újra.',
    well: 'Ügyes!',
    finished: 'Ennek a játéknak minden leckéjét elvégezted.',
    doneMark: 'kész',
    failed: 'A leckét nem sikerült betölteni: ',
    which: 'Melyik lépés?',
  },
};

/** Whether `move` does what `lesson` asks. */
export function meetsGoal(lesson, move) {
  return lesson.goal === 'any' || lesson.goal.includes(move);
}
