// The interface in English and Hungarian. Strings are looked up by key; `{name}` marks are
// filled from the arguments. Rules texts come from the server in both languages; the option
// explanations come from the server in English, and their Hungarian is kept here by game and
// option key (unknown ones show the server's English). Pure: no DOM.

export const LANGS = ['en', 'hu'];

const en = {
  'app.title': 'Tabla',
  'app.tagline': 'Four board games: GIPF, Bulgarian Ur, Seega and Amazons.',
  'lang.switch': 'Magyar',
  'lang.switch.title': 'Switch to Hungarian',
  'nav.lobby': 'All games',
  'lobby.new': 'New game',
  'lobby.options': 'Options',
  'lobby.default': 'default: {value}',
  'lobby.seats': 'Seats',
  'lobby.seat.me': 'Me, at this screen',
  'lobby.seat.friend': 'A friend, by invite link',
  'lobby.seat.computer': 'The computer, level {level}',
  'lobby.level': 'Level',
  'lobby.level.hint': '1 friendly … {max} strongest',
  'lobby.start': 'Start the game',
  'lobby.starting': 'Starting…',
  'lobby.mine': 'My games',
  'lobby.mine.none': 'No games in progress. Start one above.',
  'lobby.mine.resume': 'Resume',
  'lobby.mine.forget': 'Forget',
  'lobby.mine.forget.title': 'Forget this game on this device (its tokens are lost)',
  'lobby.mine.finished': 'Finished',
  'lobby.mine.plies': '{n} moves',
  'lobby.mine.gone': 'no longer on the server',
  'lobby.import': 'Import a record',
  'lobby.import.help': 'Paste a record (the moves in the notation of the rules, separated by spaces). The game and options are those chosen above.',
  'lobby.import.continue': 'Continue playing it',
  'lobby.import.review': 'Review it',
  'lobby.import.file': 'or open a file',
  'lobby.watch': 'Watch a game',
  'lobby.watch.help': 'Paste a game link or id to follow it without a seat.',
  'lobby.watch.go': 'Watch',
  'lobby.rules': 'Rules',
  'lobby.players': '{n} players',
  'lobby.option.free': 'free text',
  'game.loading': 'Loading the game…',
  'game.notfound': 'There is no game with this id on this server:',
  'game.you': 'you',
  'game.friend': 'friend',
  'game.human': 'person',
  'game.computer': 'computer, level {level}',
  'game.connected': 'connected',
  'game.away': 'not connected',
  'game.watching': 'You are watching this game.',
  'game.turn.yours': 'Your move',
  'game.turn.yours.as': 'Your move ({player})',
  'game.turn.other': '{player} to move',
  'game.turn.computer': '{player} (computer) is thinking…',
  'game.turn.roll': 'Roll the die',
  'game.turn.roll.other': '{player} to roll',
  'game.turn.chance': 'Rolling…',
  'game.turn.pass': 'No move with this roll: passing…',
  'game.turn.forced': 'Only one move: playing it…',
  'game.sending': 'Sending…',
  'game.conn.down': 'Connection lost: reconnecting…',
  'game.conn.connecting': 'Connecting…',
  'game.conn.back': 'Reconnected.',
  'game.conn.pending': 'Your move will be sent when the connection is back.',
  'game.over': 'Game over',
  'game.over.win': '{players} wins',
  'game.over.wins': '{players} win',
  'game.over.draw': 'Draw',
  'game.over.you': 'You win!',
  'game.over.youlose': 'You lose.',
  'game.over.resigned': '{player} resigned.',
  'game.over.rules': 'Ended by the rules.',
  'end.gipf.last-gipf': '{player} has no GIPF piece left on the board.',
  'end.gipf.both-gipf': 'Both players lost their last GIPF piece at once.',
  'end.gipf.repetition': 'The same position came up a third time.',
  'end.gipf.no-entry': '{player} cannot bring a piece into play.',
  'end.gipf.no-entry.empty': '{player} cannot bring a piece into play: the reserve is empty.',
  'end.ur.prisoners': "None of {player}'s discs is free: all are prisoners.",
  'end.ur.quiet.win': '{turns} turns in a row without a capture; {player} removed more discs than {other} ({more} to {fewer}).',
  'end.ur.quiet.draw': '{turns} turns in a row without a capture; both removed as many discs ({removed} each).',
  'end.seega.few.0': '{player} has no stone left.',
  'end.seega.few.1': '{player} has one stone left.',
  'end.seega.quiet.win': '{turns} turns in a row without a capture; {player} has more stones ({more} to {fewer}).',
  'end.seega.quiet.draw': '{turns} turns in a row without a capture; both have {stones} stones.',
  'end.seega.repetition.win': 'The same position came up a third time; {player} has more stones ({more} to {fewer}).',
  'end.seega.repetition.draw': 'The same position came up a third time; both have {stones} stones.',
  'end.amazons.no-turn': '{player} has no legal turn.',
  'end.amazons.alone': 'No other player has a turn.',
  'end.amazons.team': 'The other team has no legal turn.',
  'game.rematch': 'Rematch',
  'game.review': 'Look at the game',
  'game.close': 'Close',
  'game.and': ' and ',
  'btn.done': 'Done',
  'btn.pass': 'Pass',
  'btn.roll': 'Roll',
  'btn.undo': 'Undo',
  'btn.hint': 'Hint',
  'btn.resign': 'Resign',
  'btn.flip': 'Flip board',
  'btn.rules': 'Rules',
  'btn.copy': 'Copy',
  'btn.copied': 'Copied',
  'btn.download': 'Download',
  'btn.back': 'Take back a click',
  'resign.confirm': 'Resign this game?',
  'hint.is': 'Hint: {move}',
  'hint.none': 'No hint now.',
  'choose.which': 'Which move?',
  'moves.title': 'Moves',
  'moves.none': 'No moves yet.',
  'moves.start': 'Start',
  'moves.prev': 'Back',
  'moves.next': 'Forward',
  'moves.live': 'Back to the game',
  'review.banner': 'Reviewing move {ply} of {total}: the game is not changed.',
  'review.start': 'Reviewing the start position.',
  'review.unsupported': 'This server cannot show earlier positions yet (it needs GET /api/games/{id}?ply=N).',
  'type.placeholder': 'Type a move, e.g. {example}',
  'type.send': 'Play',
  'type.unknown': 'Not a legal move here: {text}',
  'invite.title': 'Invite',
  'invite.help': 'Send this link to the friend who plays {player}:',
  'watch.link': 'Link for watchers:',
  'record.title': 'Record',
  'record.copy': 'Copy record',
  'record.download': 'Download',
  'rules.title': 'Rules of {game}',
  'rules.missing': 'The server sent no rules text for this game.',
  'rules.short': '← How to play (short)',
  'err.network': 'The server cannot be reached.',
  'key.help': 'Keys: ← → step through the moves, Esc takes back a click, type a move to play it. On the board (Tab to it): the arrows go from place to place, Enter clicks.',
  'count.reserve': 'reserve',
  'count.captured': 'captured',
  'count.removed': 'removed',
  'count.stones': 'stones',
  'count.queens': 'queens',
  'count.in_hand': 'in hand',
  'count.hand': 'in hand',
  'count.placed': 'placed',
  'count.out': 'out',
  'count.off': 'off the board',
  'count.home': 'home',
  'count.score': 'score',
  'count.free': 'free',
  'count.prisoners': 'prisoners',
  'count.lost': 'lost',
  'count.gipf_on_board': 'GIPF pieces on the board',
  'count.may_enter_gipf': 'may still enter GIPF pieces',
  'count.must_enter_gipf': 'must enter a GIPF piece',
  'count.loses_without_gipf': 'loses without a GIPF piece',
  'count.on_board': 'on the board',
  'count.quiet': 'quiet turns',
  'count.roll': 'roll',
  'player.white': 'White',
  'player.black': 'Black',
  'player.first': 'First',
  'player.second': 'Second',
  'player.yellow': 'Yellow',
  'player.p1': 'Player 1',
  'player.p2': 'Player 2',
  'player.p3': 'Player 3',
  'player.p4': 'Player 4',
  'value.on': 'on',
  'value.off': 'off',
  'value.none': 'none',
  'lobby.level.n': 'Level {n}',
  'lobby.mine.open': 'Open',
  'lobby.mine.won': 'Won',
  'lobby.mine.lost': 'Lost',
  'lobby.mine.drawn': 'Draw',
  'lobby.mine.winner': '{players} won',
  'lobby.mine.against': 'against {who}',
  'lobby.mine.computer': 'the computer (level {level})',
  'lobby.mine.friend': 'a friend',
  'lobby.mine.yourself': 'yourself',
  'lobby.mine.watched': 'watched, without a seat',
  'lobby.import.empty': 'Paste a record first (or open a file).',
  'lobby.option.bad': 'Not accepted: {why}',
  'game.notfound.title': 'No such game',
  'game.notfound.help': 'The link may be mistyped, or the game was removed from this server.',
  'game.notfound.back': 'Back to the lobby',
  'invite.bad': 'This invite link is not valid: you are watching this game, not playing in it.',
  'err.nothing-to-undo': 'There is nothing to undo yet: you have not moved.',
  'err.undo-humans': 'Undo works only in a game against the computer.',
  'err.stale': 'The game moved on meanwhile: this is where it stands now.',
  'err.over': 'The game is over.',
  'err.not-seat': 'You do not hold a seat in this game.',
  'err.not-turn': 'It is not your turn.',
  'err.illegal': 'That move is not allowed here.',
  'err.illegal.move': '{move} is not allowed here: {why}.',
  'err.unreadable': '“{move}” is not a move written in this game’s notation.',
  'err.no-hint': 'No hint is available now.',
  'err.record': 'Move {n} of the record ({token}) is not allowed there: {why}',
  'err.range': 'A whole number from {lo} to {hi}, please.',
  'err.choice': 'Choose one of: {choices}.',
  'err.needs': '{option} = {value} needs {other} = {needed}.',
  'err.plain': 'Not accepted: {message}',
  'prompt.wait': 'Wait for your turn.',
  'prompt.roll': 'Roll the die: click the die button.',
  'prompt.next': 'Click a marked point to go on, or take back a click.',
  'prompt.choose': 'Several moves end here: pick one below.',
  'prompt.gipf.start': 'Click a black dot on the edge to bring in a piece.',
  'prompt.gipf.push': 'Click a target point to push the piece in; click the dot again to enter a GIPF piece.',
  'prompt.gipf.push.plain': 'Click a target point to push the piece in.',
  'prompt.gipf.gipfonly': 'Only GIPF pieces may enter now: click the dot again; the ringed points show where it can be pushed.',
  'prompt.gipf.push.gipf': 'Click a target point to push the GIPF piece in.',
  'prompt.gipf.take': 'Click a row to take it (click one of its marked points).',
  'prompt.gipf.gipf': 'Click a GIPF piece to take it, or click Done to keep it.',
  'prompt.ur.move': 'Click a disc to move it by the roll (or a reserve to bring one in).',
  'prompt.ur.pass': 'No disc can move with this roll: click Pass.',
  'prompt.ur.to': 'Click the marked square to move the disc there.',
  'prompt.seega.place': 'Placing: click empty cells to place your stones.',
  'prompt.seega.move': 'Moving: click one of your stones, then the cell to move it to.',
  'prompt.seega.to': 'Click the cell to move the stone to.',
  'prompt.seega.more': 'Your stone can capture again: click where it goes next, or Done to stop.',
  'prompt.amazons.queen': 'Click one of your queens.',
  'prompt.amazons.to': 'Click the cell to move the queen to.',
  'prompt.amazons.shot': 'The queen has moved: click a cell to shoot a stone (her old cell counts too).',
  'prompt.amazons.place': 'Click an empty cell to place a queen.',
  'prompt.generic.start': 'Click a marked place to begin your move.',
  'seega.phase.moving': 'All stones are placed: now the moving phase begins.',
  'seega.quiet': 'Turns without a capture: {n} of {max}',
  'seega.quiet.nolimit': 'Turns without a capture: {n}',
  'ur.legend.title': 'The counters',
  'ur.legend': 'free: your discs that can still move (none of the other’s discs above them), the reserve included · prisoners: the other’s discs held under your discs · removed: the other’s discs you took out of the game (a guard with prisoners reaching square 14) · lost: your discs the other took out · reserve: discs not yet entered. A disc enters blue face up and moves forward only; a red-centred disc has reached square 14 and turned over: it may also move backward or enter again.',
  'moves.rolled': 'rolled {n}',
  'moves.first': '{player} starts',
  'a11y.board': '{game} board',
  'a11y.empty': '{id}, empty',
  'a11y.target': 'can go here',
  'a11y.played': '{player} played {move}',
  'a11y.piece.gipf': 'GIPF piece',
  'a11y.piece.piece': 'piece',
  'a11y.piece.queen': 'queen',
  'a11y.piece.stone': 'stone',
  'a11y.piece.burnt': 'burnt cell',
  'a11y.piece.blue': 'disc, blue face up',
  'a11y.piece.red': 'disc, red face up',
  'a11y.piece.out': 'disc out of the game',
  'a11y.tower': 'tower of {n}',
};

const hu = {
  'app.title': 'Tabla',
  'app.tagline': 'Négy táblás játék: GIPF, Bolgár Ur, Seega és Amazonok.',
  'lang.switch': 'English',
  'lang.switch.title': 'Váltás angolra',
  'nav.lobby': 'Minden játék',
  'lobby.new': 'Új játszma',
  'lobby.options': 'Beállítások',
  'lobby.default': 'alapérték: {value}',
  'lobby.seats': 'Játékosok',
  'lobby.seat.me': 'Én, ennél a képernyőnél',
  'lobby.seat.friend': 'Egy barát, meghívó linkkel',
  'lobby.seat.computer': 'A számítógép, {level}. szint',
  'lobby.level': 'Szint',
  'lobby.level.hint': '1 barátságos … {max} a legerősebb',
  'lobby.start': 'Indulhat a játszma',
  'lobby.starting': 'Indítás…',
  'lobby.mine': 'Játszmáim',
  'lobby.mine.none': 'Nincs folyamatban lévő játszma. Indíts egyet fent.',
  'lobby.mine.resume': 'Folytatás',
  'lobby.mine.forget': 'Elfelejt',
  'lobby.mine.forget.title': 'A játszma elfelejtése ezen az eszközön (a tokenjei elvesznek)',
  'lobby.mine.finished': 'Befejezve',
  'lobby.mine.plies': '{n} lépés',
  'lobby.mine.gone': 'már nincs a szerveren',
  'lobby.import': 'Lejegyzés betöltése',
  'lobby.import.help': 'Illessz be egy lejegyzést (a lépések a szabályok jelölésével, szóközzel elválasztva). A játék és a beállítások a fent választottak.',
  'lobby.import.continue': 'Folytatom',
  'lobby.import.review': 'Visszanézem',
  'lobby.import.file': 'vagy nyiss meg egy fájlt',
  'lobby.watch': 'Játszma nézése',
  'lobby.watch.help': 'Illeszd be egy játszma linkjét vagy azonosítóját, hogy hely nélkül kövesd.',
  'lobby.watch.go': 'Nézem',
  'lobby.rules': 'Szabályok',
  'lobby.players': '{n} játékos',
  'lobby.option.free': 'szabad szöveg',
  'game.loading': 'A játszma betöltése…',
  'game.notfound': 'Ezen a szerveren nincs ilyen azonosítójú játszma:',
  'game.you': 'te',
  'game.friend': 'barát',
  'game.human': 'ember',
  'game.computer': 'számítógép, {level}. szint',
  'game.connected': 'csatlakozva',
  'game.away': 'nincs csatlakozva',
  'game.watching': 'Nézőként követed ezt a játszmát.',
  'game.turn.yours': 'Te lépsz',
  'game.turn.yours.as': 'Te lépsz ({player})',
  'game.turn.other': '{player} lép',
  'game.turn.computer': '{player} (számítógép) gondolkodik…',
  'game.turn.roll': 'Dobj a kockával',
  'game.turn.roll.other': '{player} dob',
  'game.turn.chance': 'Dobás…',
  'game.turn.pass': 'Ezzel a dobással nincs lépés: passz…',
  'game.turn.forced': 'Egyetlen lépés van: megtesszük…',
  'game.sending': 'Küldés…',
  'game.conn.down': 'Megszakadt a kapcsolat: újracsatlakozás…',
  'game.conn.connecting': 'Csatlakozás…',
  'game.conn.back': 'Újra csatlakozva.',
  'game.conn.pending': 'A lépésed elküldjük, amint visszajön a kapcsolat.',
  'game.over': 'Vége a játszmának',
  'game.over.win': '{players} nyert',
  'game.over.wins': '{players} nyertek',
  'game.over.draw': 'Döntetlen',
  'game.over.you': 'Nyertél!',
  'game.over.youlose': 'Vesztettél.',
  'game.over.resigned': '{player} feladta.',
  'game.over.rules': 'A szabályok szerint ért véget.',
  'end.gipf.last-gipf': '{player}: nem maradt GIPF-korongja a táblán.',
  'end.gipf.both-gipf': 'Mindkét játékos egyszerre vesztette el az utolsó GIPF-korongját.',
  'end.gipf.repetition': 'Ugyanaz az állás harmadszor állt elő.',
  'end.gipf.no-entry': '{player} nem tud korongot játékba hozni.',
  'end.gipf.no-entry.empty': '{player} nem tud korongot játékba hozni: elfogyott a tartaléka.',
  'end.ur.prisoners': '{player}: egyetlen korongja sem szabad, mind fogoly.',
  'end.ur.quiet.win': '{turns} lépés óta nem volt ütés; több korongot vitt ki: {player} ({more}:{fewer}, {other} ellen).',
  'end.ur.quiet.draw': '{turns} lépés óta nem volt ütés; mindkét játékos {removed} korongot vitt ki.',
  'end.seega.few.0': '{player}: nem maradt köve.',
  'end.seega.few.1': '{player}: egyetlen köve maradt.',
  'end.seega.quiet.win': '{turns} lépés óta nem volt ütés; több köve maradt: {player} ({more}:{fewer}).',
  'end.seega.quiet.draw': '{turns} lépés óta nem volt ütés; mindkettőnek {stones} köve maradt.',
  'end.seega.repetition.win': 'Ugyanaz az állás harmadszor állt elő; több köve maradt: {player} ({more}:{fewer}).',
  'end.seega.repetition.draw': 'Ugyanaz az állás harmadszor állt elő; mindkettőnek {stones} köve maradt.',
  'end.amazons.no-turn': '{player}: nincs szabályos lépése.',
  'end.amazons.alone': 'A többi játékosnak nincs lépése.',
  'end.amazons.team': 'A másik csapatnak nincs szabályos lépése.',
  'game.rematch': 'Visszavágó',
  'game.review': 'A játszma megnézése',
  'game.close': 'Bezár',
  'game.and': ' és ',
  'btn.done': 'Kész',
  'btn.pass': 'Passz',
  'btn.roll': 'Dobás',
  'btn.undo': 'Visszavonás',
  'btn.hint': 'Tipp',
  'btn.resign': 'Feladás',
  'btn.flip': 'Tábla forgatása',
  'btn.rules': 'Szabályok',
  'btn.copy': 'Másolás',
  'btn.copied': 'Kimásolva',
  'btn.download': 'Letöltés',
  'btn.back': 'Egy kattintás vissza',
  'resign.confirm': 'Feladod a játszmát?',
  'hint.is': 'Tipp: {move}',
  'hint.none': 'Most nincs tipp.',
  'choose.which': 'Melyik lépés?',
  'moves.title': 'Lépések',
  'moves.none': 'Még nincs lépés.',
  'moves.start': 'Kezdet',
  'moves.prev': 'Vissza',
  'moves.next': 'Előre',
  'moves.live': 'Vissza a játszmához',
  'review.banner': 'Visszanézés: {ply}. lépés / {total}. A játszma nem változik.',
  'review.start': 'Visszanézés: a kezdőállás.',
  'review.unsupported': 'Ez a szerver még nem tud korábbi állást mutatni (ehhez GET /api/games/{id}?ply=N kell).',
  'type.placeholder': 'Írj be egy lépést, pl. {example}',
  'type.send': 'Lépek',
  'type.unknown': 'Ez itt nem szabályos lépés: {text}',
  'invite.title': 'Meghívás',
  'invite.help': 'Ezt a linket küldd el a barátnak, aki {player} színnel játszik:',
  'watch.link': 'Link nézőknek:',
  'record.title': 'Lejegyzés',
  'record.copy': 'Lejegyzés másolása',
  'record.download': 'Letöltés',
  'rules.title': '{game}: szabályok',
  'rules.missing': 'A szerver nem küldte el ennek a játéknak a szabályait.',
  'rules.short': '← Így játszd (röviden)',
  'err.network': 'A szerver nem érhető el.',
  'key.help': 'Billentyűk: ← → lépkedés a lépések között, Esc visszavon egy kattintást, egy beírt lépést megteszünk. A táblán (Tab-bal érhető el) a nyilak helyről helyre visznek, az Enter kattint.',
  'count.reserve': 'tartalék',
  'count.captured': 'elfogott',
  'count.removed': 'levett',
  'count.stones': 'kő',
  'count.queens': 'királynő',
  'count.in_hand': 'kézben',
  'count.hand': 'kézben',
  'count.placed': 'letett',
  'count.out': 'kiesett',
  'count.off': 'táblán kívül',
  'count.home': 'célban',
  'count.score': 'pont',
  'count.free': 'szabad',
  'count.prisoners': 'fogoly',
  'count.lost': 'elvesztett',
  'count.gipf_on_board': 'GIPF-bábu a táblán',
  'count.may_enter_gipf': 'még hozhat be GIPF-bábut',
  'count.must_enter_gipf': 'GIPF-bábut kell behoznia',
  'count.loses_without_gipf': 'GIPF-bábu nélkül veszít',
  'count.on_board': 'a táblán',
  'count.quiet': 'csendes kör',
  'count.roll': 'dobás',
  'player.white': 'Fehér',
  'player.black': 'Fekete',
  'player.first': 'Első',
  'player.second': 'Második',
  'player.yellow': 'Sárga',
  'player.p1': '1. játékos',
  'player.p2': '2. játékos',
  'player.p3': '3. játékos',
  'player.p4': '4. játékos',
  'value.on': 'be',
  'value.off': 'ki',
  'value.none': 'nincs',
  'lobby.level.n': '{n}. szint',
  'lobby.mine.open': 'Megnyitás',
  'lobby.mine.won': 'Nyertél',
  'lobby.mine.lost': 'Vesztettél',
  'lobby.mine.drawn': 'Döntetlen',
  'lobby.mine.winner': '{players} nyert',
  'lobby.mine.against': 'ellenfél: {who}',
  'lobby.mine.computer': 'a számítógép ({level}. szint)',
  'lobby.mine.friend': 'egy barát',
  'lobby.mine.yourself': 'saját magad',
  'lobby.mine.watched': 'nézőként (nem játszol benne)',
  'lobby.import.empty': 'Előbb illessz be egy lejegyzést (vagy nyiss meg egy fájlt).',
  'lobby.option.bad': 'Nem elfogadható: {why}',
  'game.notfound.title': 'Nincs ilyen játszma',
  'game.notfound.help': 'Lehet, hogy elírták a linket, vagy a játszmát törölték erről a szerverről.',
  'game.notfound.back': 'Vissza a játékokhoz',
  'invite.bad': 'Ez a meghívó link érvénytelen: nézőként követed a játszmát, nem játszol benne.',
  'err.nothing-to-undo': 'Még nincs mit visszavonni: nem léptél.',
  'err.undo-humans': 'Visszavonni csak a számítógép elleni játszmában lehet.',
  'err.stale': 'A játszma közben továbbment: ez a mostani állás.',
  'err.over': 'A játszmának vége.',
  'err.not-seat': 'Nem vagy játékosa ennek a játszmának.',
  'err.not-turn': 'Nem te következel.',
  'err.illegal': 'Ez a lépés itt nem szabályos.',
  'err.illegal.move': 'A(z) {move} itt nem szabályos lépés.',
  'err.unreadable': '„{move}” nem lépés ennek a játéknak a jelölésével.',
  'err.no-hint': 'Most nincs tipp.',
  'err.record': 'A lejegyzés {n}. lépése ({token}) ott nem szabályos.',
  'err.range': '{lo} és {hi} közötti egész számot adj meg.',
  'err.choice': 'Ezek közül válassz: {choices}.',
  'err.needs': '{option} = {value} csak ezzel megy: {other} = {needed}.',
  'err.plain': 'Nem sikerült (a szerver válasza: {message})',
  'prompt.wait': 'Várj, amíg sorra kerülsz.',
  'prompt.roll': 'Dobj: kattints a kocka gombra.',
  'prompt.next': 'Kattints egy megjelölt pontra a folytatáshoz, vagy vonj vissza egy kattintást.',
  'prompt.choose': 'Több lépés is itt végződik: válassz lent.',
  'prompt.gipf.start': 'Kattints egy fekete pontra a szélen, hogy behozz egy bábut.',
  'prompt.gipf.push': 'Kattints egy célpontra a betoláshoz; a pontra újra kattintva GIPF-bábut hozol be.',
  'prompt.gipf.push.plain': 'Kattints egy célpontra a bábu betolásához.',
  'prompt.gipf.gipfonly': 'Most csak GIPF-bábut hozhatsz be: kattints újra a pontra; a bekarikázott pontok mutatják, hová tolhatod.',
  'prompt.gipf.push.gipf': 'Kattints egy célpontra a GIPF-bábu betolásához.',
  'prompt.gipf.take': 'Kattints egy sorra, hogy levedd (a sor egyik megjelölt pontjára).',
  'prompt.gipf.gipf': 'Kattints egy GIPF-bábura, hogy levedd, vagy a Kész gombbal hagyd a táblán.',
  'prompt.ur.move': 'Kattints egy korongra, hogy a dobással lépj vele (vagy a tartalékra, hogy behozz egyet).',
  'prompt.ur.pass': 'Ezzel a dobással egyik korong sem léphet: kattints a Passz gombra.',
  'prompt.ur.to': 'Kattints a megjelölt mezőre, hogy oda lépj a koronggal.',
  'prompt.seega.place': 'Lerakás: kattints üres mezőkre a köveid lerakásához.',
  'prompt.seega.move': 'Lépés: kattints egy kövedre, aztán a mezőre, ahová lép.',
  'prompt.seega.to': 'Kattints a mezőre, ahová a kő lépjen.',
  'prompt.seega.more': 'A köved újra üthet: kattints oda, ahová tovább lép, vagy a Kész gombra.',
  'prompt.amazons.queen': 'Kattints az egyik királynődre.',
  'prompt.amazons.to': 'Kattints a mezőre, ahová a királynő lépjen.',
  'prompt.amazons.shot': 'A királynő már lépett: kattints egy mezőre a kő kilövéséhez (a régi mezője is lehet).',
  'prompt.amazons.place': 'Kattints egy üres mezőre, hogy lerakj egy királynőt.',
  'prompt.generic.start': 'Kattints egy megjelölt helyre a lépés kezdéséhez.',
  'seega.phase.moving': 'Minden kő a táblán: most kezdődik a lépések szakasza.',
  'seega.quiet': 'Ütés nélküli körök: {n} / {max}',
  'seega.quiet.nolimit': 'Ütés nélküli körök: {n}',
  'ur.legend.title': 'A számlálók',
  'ur.legend': 'szabad: a korongjaid, amelyek még léphetnek (nincs fölöttük ellenfél-korong), a tartalékkal együtt · fogoly: az ellenfél korongjai a te korongjaid alatt · levett: az ellenfél korongjai, amelyeket kivettél a játékból (foglyokkal a 14-es mezőre érő őr) · elvesztett: a korongjaid, amelyeket az ellenfél vett ki · tartalék: még be nem hozott korongok. A korong kék oldalával felfelé lép be, és csak előre halad; a piros közepű korong elérte a 14-es mezőt és megfordult: hátrafelé is léphet, vagy újra beléphet.',
  'moves.rolled': '{n}-t dobott',
  'moves.first': '{player} kezd',
  'a11y.board': '{game}: tábla',
  'a11y.empty': '{id}, üres',
  'a11y.target': 'ide léphetsz',
  'a11y.played': '{player} lépése: {move}',
  'a11y.piece.gipf': 'GIPF-bábu',
  'a11y.piece.piece': 'bábu',
  'a11y.piece.queen': 'királynő',
  'a11y.piece.stone': 'kő',
  'a11y.piece.burnt': 'kiégett mező',
  'a11y.piece.blue': 'korong, kék oldalával felfelé',
  'a11y.piece.red': 'korong, piros oldalával felfelé',
  'a11y.piece.out': 'játékból kiesett korong',
  'a11y.tower': '{n} korongos torony',
};

/** Game names and one-line summaries in Hungarian (the English ones come from the server). */
const gamesHu = {
  gipf: { name: 'GIPF', summary: 'Bábukat tolunk be a szélről; a négyes sorok visszakerülnek, az ellenfél bennük lévő bábui elvesznek.' },
  'bulgarian-ur': { name: 'Bolgár Ur', summary: 'Verseny az Ur tábláján kockával; az ellenfél korongjaira lépve foglyul ejted őket.' },
  seega: { name: 'Seega', summary: 'Kettesével letett kövek, aztán lépés és ütés közrefogással, átlósan is.' },
  amazons: { name: 'Amazonok', summary: 'Királynőként lépsz, aztán nyilat lősz: akinek nincs lépése, veszít.' },
};

/**
 * The values an option takes, in Hungarian, by the server's English text (shown beside a
 * free-text option; texts without words, such as `4-26`, need none).
 */
const valuesHu = {
  'any whole number ≥ 1': 'bármely egész szám, legalább 1',
  'any whole number 1 or more, or off': 'bármely egész szám, legalább 1, vagy off (kikapcsolva)',
  'cells, comma-separated': 'mezők, vesszővel elválasztva',
  "board text (rows top first, '/' between)": "a tábla szövegként (felülről soronként, köztük '/')",
  '1–players': '1-től a játékosok számáig',
};

/** The option explanations in Hungarian, by game and option key. */
const optionsHu = {
  amazons: {
    size: 'a négyzetes tábla mérete; páratlan méretnél a középső mező kimarad',
    queens: 'királynők száma játékosonként; a kezdőállásétól eltérő szám azt jelenti, hogy le kell rakni őket',
    killer: 'a királynő az ellenfél királynőjére is léphet, és leüti',
    placement: 'felváltva: előbb felváltva lerakják a királynőket; szabadon: minden körben lerakás vagy lépés',
    board: 'négyzetrács vagy szabályos hatszög',
    side: 'a hatszögletű tábla oldalhossza',
    hex_diagonals: 'hatszögletű táblán a királynők a mezők csúcsain át is mozognak (12 irány)',
    holes: 'mezők, amelyek nem részei a táblának',
    layout: 'bármilyen táblaforma és állás: . üres, # kő, - nincs mező, 1-4 királynő',
    turn: 'melyik játékos kezd',
    players: 'játékosok száma; 3–4 játékosnál addig megy, amíg egy marad',
    teams: 'csak 4 játékosnál: az 1+3 a 2+4 ellen',
  },
  gipf: {
    variant: 'verseny: üres tábla, GIPF-bábuk tetszés szerint; standard: 3-3 GIPF-bábu a kezdéskor; alap: 3-3 egyszerű bábu, GIPF-bábu nélkül',
  },
  seega: {
    size: 'a tábla oldala; 12, 24 vagy 40 kő fejenként',
    place: 'hány követ rak le egy körben az első szakaszban',
    start: 'egyiptomi: a második szakaszt a Második kezdi; szudáni: mindkét szakaszt az Első kezdi',
    diagonal: 'a kövek átlósan is lépnek és ütnek-e',
    quiet: 'ennyi ütés nélküli kör után véget ér a játszma (a több kő nyer)',
  },
  'bulgarian-ur': {
    centre: 'merre fut a két pálya a középen: egy irányba vagy szembe',
    discs: 'korongok játékosonként',
    quiet: 'ennyi egymást követő kör ütés és levétel nélkül véget vet a játszmának (a több levétel nyer)',
  },
};

/** Option names as words, by key (any game). */
const optionNames = {
  en: {
    size: 'Board size', queens: 'Queens', killer: 'Killer queens', placement: 'Placing queens', board: 'Board', side: 'Side length',
    hex_diagonals: 'Diagonal lines on hex', holes: 'Holes', layout: 'Board drawing', turn: 'First to move', players: 'Players', teams: 'Teams',
    variant: 'Variant', place: 'Stones per placing turn', start: 'Who starts', diagonal: 'Diagonal moves', quiet: 'Quiet rule', centre: 'Centre', discs: 'Discs',
  },
  hu: {
    size: 'Táblaméret', queens: 'Királynők', killer: 'Ütő királynők', placement: 'Királynők lerakása', board: 'Tábla', side: 'Oldalhossz',
    hex_diagonals: 'Átlós irányok hatszögön', holes: 'Lyukak', layout: 'Táblarajz', turn: 'Kezdő játékos', players: 'Játékosok', teams: 'Csapatok',
    variant: 'Változat', place: 'Kövek körönként', start: 'Ki kezd', diagonal: 'Átlós lépések', quiet: 'Csendes szabály', centre: 'Közép', discs: 'Korongok',
  },
};

/** Option values as words (the value sent stays as it is). */
const valueWords = {
  en: { on: 'on', off: 'off', none: 'none', hex: 'hex', square: 'square' },
  hu: {
    on: 'be', off: 'ki', none: 'nincs', hex: 'hatszögletű', square: 'négyzetes', alternate: 'felváltva', free: 'szabadon',
    tournament: 'verseny', standard: 'standard', basic: 'alap', same: 'egy irányba', opposite: 'szembe', egyptian: 'egyiptomi', sudanese: 'szudáni',
    "set-up's count": 'a kezdőállás szerinti szám',
  },
};

/** How a chosen option reads in a game's title ("hex board", "3 players"); others read "name value". */
const optionPhrases = {
  en: { board: '{value} board', players: '{value} players', size: '{value}×{value}', side: 'side {value}', discs: '{value} discs', queens: '{value} queens', variant: '{value} game', place: '{value} stones a turn' },
  hu: { board: '{value} tábla', players: '{value} játékos', size: '{value}×{value}', side: 'oldal: {value}', discs: '{value} korong', queens: '{value} királynő', variant: '{value} játék', place: '{value} kő körönként' },
};

const dicts = { en, hu };

/** The language to start in: a saved choice, else the browser's, else English. */
export function pickLanguage(saved, browserLanguages = []) {
  if (LANGS.includes(saved)) return saved;
  for (const l of browserLanguages) {
    const base = String(l).toLowerCase().split('-')[0];
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

/** A translator for one language. */
export function translator(lang) {
  const d = dicts[lang] || en;
  const t = (key, args = {}) => {
    let s = d[key] ?? en[key];
    if (s === undefined) return key;
    return s.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
  };
  t.lang = lang;
  t.has = (key) => key in d;
  /** A player's name as people read it. */
  t.player = (name) => (d[`player.${name}`] ?? en[`player.${name}`] ?? name);
  /** A public count's label (`reserve`, `captured`, ...). */
  t.count = (key) => d[`count.${key}`] ?? en[`count.${key}`] ?? String(key).replace(/_/g, ' ');
  /** An option value as people read it (the value sent stays as it is). */
  t.value = (v) => d[`value.${v}`] ?? (valueWords[lang] || valueWords.en)[v] ?? (lang === 'hu' ? valueWords.hu[String(v).replace(/^the /, '')] : undefined) ?? v;
  /** An option's name as a word or two. */
  t.optionName = (key) => (optionNames[lang] || optionNames.en)[key] ?? optionNames.en[key] ?? String(key).replace(/_/g, ' ');
  /** Chosen options as a phrase for a title: "hexagonal board, 3 players". */
  t.optionsPhrase = (options) =>
    Object.entries(options || {})
      .map(([k, v]) => {
        const ph = (optionPhrases[lang] || optionPhrases.en)[k];
        const value = t.value(v);
        return ph ? ph.replace(/\{value\}/g, value) : `${t.optionName(k).toLowerCase()} ${value}`;
      })
      .join(', ');
  /** A level of the computer, one form everywhere ("Level 3", "3. szint"). */
  t.level = (n) => t('lobby.level.n', { n });
  t.gameName = (meta) => (lang === 'hu' && gamesHu[meta.id] ? gamesHu[meta.id].name : meta.name);
  t.gameSummary = (meta) => (lang === 'hu' && gamesHu[meta.id] ? gamesHu[meta.id].summary : meta.summary);
  t.optionHelp = (game, opt) => (lang === 'hu' && optionsHu[game] && optionsHu[game][opt.key]) || opt.help;
  t.optionValues = (opt) => (lang === 'hu' && valuesHu[opt.values]) || opt.values;
  /**
   * Why the rules ended a game, from the server's `end` ({key, args, text}): the sentence of
   * `end.<key>` (or `end.<key>.<left>` where a count changes the words) with player names
   * translated; the English `text` when this page does not know the key.
   */
  t.end = (r) => {
    const args = { ...r.args };
    for (const k of ['player', 'other']) if (k in args) args[k] = t.player(args[k]);
    const known = (k) => k in d || k in en;
    const counted = `end.${r.key}.${r.args.left}`;
    const key = 'left' in r.args && known(counted) ? counted : `end.${r.key}`;
    if (known(key)) return t(key, args);
    const s = String(r.text || '');
    return s ? `${s[0].toUpperCase()}${s.slice(1)}.` : t('game.over.rules');
  };
  /**
   * What went wrong, plainly and in this language, from an ApiError (or its message): the
   * server's known refusals each have their sentence; an unknown one is quoted.
   */
  t.error = (e) => {
    if (e && e.network) return t('err.network');
    const m = String((e && e.message) || e || '');
    let x;
    if (/^nothing to undo/.test(m)) return t('err.nothing-to-undo');
    if (/^undo is only for games against the computer/.test(m)) return t('err.undo-humans');
    if (/^stale move|changed meanwhile|has not been reached/.test(m)) return t('err.stale');
    if (/^the game is over/.test(m)) return t('err.over');
    if (/not a seat of this game|^no seat|token/i.test(m) && !/'s turn|'s roll/.test(m)) return t('err.not-seat');
    if (/^it is \w+'s (turn|roll)|^no roll is due|^a die roll is due/.test(m)) return t('err.not-turn');
    if (/^no move to suggest/.test(m)) return t('err.no-hint');
    if ((x = /^record: move (\d+) \('([^']*)'\): (.*)$/s.exec(m))) return t('err.record', { n: x[1], token: x[2], why: x[3] });
    if ((x = /^option (\w+)=(.*?): expected a whole number from (-?\d+) to (-?\d+)/.exec(m))) return t('err.range', { lo: x[3], hi: x[4] });
    if ((x = /^option (\w+)=(.*?): expected one of (.*)$/.exec(m))) return t('err.choice', { choices: x[3].split(/,\s*/).map(t.value).join(', ') });
    if ((x = /^(\w+)=(\S+) needs (\w+)=(\w+)/.exec(m))) return t('err.needs', { option: t.optionName(x[1]), value: t.value(x[2]), other: t.optionName(x[3]), needed: t.value(x[4]) });
    if ((x = /^cannot read '([^']*)'/.exec(m))) return t('err.unreadable', { move: x[1] });
    if ((x = /^'([^']*)' is not legal here: (.*)$/s.exec(m))) return t('err.illegal.move', { move: x[1], why: x[2].replace(/\.$/, '') });
    if (/illegal|not legal|not a legal/i.test(m)) return t('err.illegal');
    return t('err.plain', { message: m });
  };
  /** The option an error of the server's is about (`option size=99: …`, `teams=on needs …`), or null. */
  t.errorOption = (e) => {
    const m = String((e && e.message) || e || '');
    const x = /^option '?(\w+)[=']/.exec(m) || /^(\w+)=\S+ needs/.exec(m) || /^(\w+): /.exec(m);
    return x ? x[1] : null;
  };
  /** A list of names joined as a sentence. */
  t.list = (names) => names.join(d['game.and'] ?? ' and ');
  return t;
}

/** Every key of the English table (tests check that Hungarian has each). */
export function keys(lang = 'en') {
  return Object.keys(dicts[lang]);
}
