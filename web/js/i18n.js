// i18n.js - the page's words in English and Russian.
//
// t('key', {n: 3}) looks the key up in the chosen language (falling back to English) and fills
// {name} placeholders. The choice is kept in localStorage; listeners re-draw on a change.

const EN = {
  'app.name': 'Shashki',
  'app.tagline': 'Russian checkers',
  'nav.play': 'Play',
  'nav.analysis': 'Analysis',
  'nav.archive': 'Archive',
  'nav.main': 'Main',
  'settings.notation': 'Notation',
  'settings.language': 'Language',
  'notation.algebraic': 'Algebraic',
  'notation.numeric': 'Numeric',

  'color.white': 'White',
  'color.black': 'Black',
  'color.random': 'Random',
  'side.toMove.white': 'White to move',
  'side.toMove.black': 'Black to move',

  'home.title': 'Play Russian checkers',
  'home.lead': 'Against the engine at ten strengths, or with a friend at the same board. Every move is saved as you play.',
  'home.newGame': 'New game',
  'home.quickEngine': 'Quick game vs engine',
  'home.quickHuman': 'Two players, one board',
  'home.inProgress': 'Games in progress',
  'home.noneInProgress': 'No games in progress.',
  'home.continue': 'Continue',
  'home.recent': 'Recently finished',
  'home.moves': '{n} moves',

  'new.title': 'New game',
  'new.opponent': 'Opponent',
  'new.engine': 'Engine',
  'new.human': 'A friend at this board',
  'new.level': 'Engine level',
  'new.levelHint': '1 plays like a beginner, 10 at full strength',
  'new.color': 'Your colour',
  'new.time': 'Time control',
  'new.timeNone': 'No clock',
  'new.timeCustom': 'Custom',
  'new.timeHint': 'As people write it: 5m, 10m+5s, 1h10m/35+15m',
  'new.start': 'Starting position',
  'new.startNormal': 'Standard',
  'new.startOpening': 'Ballot opening',
  'new.startFen': 'From FEN',
  'new.opening': 'Opening',
  'new.fen': 'FEN',
  'new.names': 'Names',
  'new.yourName': 'Your name',
  'new.whiteName': 'White',
  'new.blackName': 'Black',
  'new.namePlaceholder': 'optional',
  'new.create': 'Start game',
  'new.cancel': 'Cancel',
  'new.preset.blitz3': 'Blitz 3+2',
  'new.preset.blitz5': 'Blitz 5+3',
  'new.preset.rapid10': 'Rapid 10+5',
  'new.preset.rapid20': 'Rapid 20+10',
  'new.preset.classic45': '45 min',
  'new.preset.classic60': '1 hour',
  'new.preset.classic70': '1h10 / 35 + 15m',

  'game.loading': 'Loading the game…',
  'game.notFound': 'This game does not exist (it may have been deleted).',
  'game.yourMove': 'Your move',
  'game.engineThinking': 'The engine is thinking…',
  'game.toMove': '{side} to move',
  'game.capture': 'Capture is compulsory',
  'game.finished': 'Game over',
  'game.result.1-0': 'White wins',
  'game.result.0-1': 'Black wins',
  'game.result.1/2-1/2': 'Draw',
  'game.result.*': 'Unfinished',
  'game.youWon': 'You won. Well played!',
  'game.youLost': 'You lost this one.',
  'game.youDrew': 'A draw.',
  'game.offerDraw': 'Offer draw',
  'game.offerArmed': 'Offer goes with your move',
  'game.offerWithMove': 'Make your move: the draw offer goes with it',
  'game.claimDraw': 'Claim draw',
  'game.resign': 'Resign',
  'game.undo': 'Take back',
  'game.flip': 'Flip board',
  'game.analyse': 'Analyse',
  'game.pdn': 'Download PDN',
  'game.newGame': 'New game',
  'game.rematch': 'Play again',
  'game.drawOffered': '{side} offers a draw',
  'game.drawOfferedByYou': 'You offered a draw; waiting for the answer',
  'game.accept': 'Accept',
  'game.decline': 'Decline',
  'game.confirmResign': 'Resign this game as {side}?',
  'game.confirmYes': 'Yes, resign',
  'game.confirmNo': 'Keep playing',
  'game.reviewing': 'Reviewing move {n}',
  'game.backToGame': 'Back to the game',
  'game.moves': 'Moves',
  'game.noMoves': 'No moves yet',
  'game.first': 'First position',
  'game.prev': 'Previous move',
  'game.next': 'Next move',
  'game.last': 'Last position',
  'game.autoplay': 'Replay',
  'game.pause': 'Pause',
  'game.chooseLanding': 'Several captures go through that square: choose the landing squares one by one',
  'game.level': 'level {n}',
  'game.engineName': 'Shashki (level {n})',
  'game.you': 'you',
  'game.noClock': 'no clock',
  'game.opening': 'Opening {code}',
  'game.stale': 'The game changed meanwhile; the board is up to date now.',
  'game.reconnecting': 'Connection lost; reconnecting…',

  'analysis.title': 'Analysis board',
  'analysis.engine': 'Engine',
  'analysis.engineOn': 'Engine on',
  'analysis.engineOff': 'Engine off',
  'analysis.lines': 'Lines',
  'analysis.depth': 'depth {d}',
  'analysis.nps': '{n} kN/s',
  'analysis.nodes': '{n} nodes',
  'analysis.waiting': 'Starting the search…',
  'analysis.idle': 'Switch the engine on to see its evaluation and best lines.',
  'analysis.unavailable': 'The engine is not available: {msg}',
  'analysis.mateIn': 'win in {n}',
  'analysis.matedIn': 'loss in {n}',
  'analysis.dbWin': 'win by database',
  'analysis.setup': 'Set up position',
  'analysis.import': 'Import',
  'analysis.export': 'Export',
  'analysis.reset': 'Start position',
  'analysis.line': 'Line',
  'analysis.over': 'Game over here: {reason}',
  'analysis.playBest': 'Play the best move',
  'analysis.fen': 'FEN',
  'analysis.copy': 'Copy',
  'analysis.copied': 'Copied',
  'analysis.downloadPdn': 'Download PDN',
  'analysis.loadFen': 'Load FEN',
  'analysis.loadPdn': 'Load PDN',
  'analysis.pastePdn': 'Paste a PDN game, or choose a file',
  'analysis.pasteFen': 'Paste a FEN',
  'analysis.chooseFile': 'Choose file…',
  'analysis.importedTo': 'Saved to the archive as game #{id}.',
  'analysis.noGames': 'The PDN held no game that could be read.',

  'editor.title': 'Set up a position',
  'editor.whiteMan': 'White man',
  'editor.whiteKing': 'White king',
  'editor.blackMan': 'Black man',
  'editor.blackKing': 'Black king',
  'editor.erase': 'Remove',
  'editor.sideToMove': 'Side to move',
  'editor.clear': 'Clear board',
  'editor.start': 'Start position',
  'editor.done': 'Analyse this position',
  'editor.cancel': 'Cancel',
  'editor.hint': 'Choose a piece, then click squares to place it; click a piece of the same kind to remove it.',
  'editor.invalid': 'This position cannot be used: {msg}',
  'editor.valid': 'Legal position: {n} moves for the side to move',
  'editor.noMoves': 'The side to move has no move: the game would be over',

  'archive.title': 'Archive',
  'archive.search': 'Search by player',
  'archive.result': 'Result',
  'archive.any': 'Any result',
  'archive.status': 'Status',
  'archive.playing': 'In progress',
  'archive.finished': 'Finished',
  'archive.exportAll': 'Export all (PDN)',
  'archive.import': 'Import PDN',
  'archive.empty': 'No games match.',
  'archive.date': 'Date',
  'archive.players': 'Players',
  'archive.moves': 'Moves',
  'archive.open': 'Replay',
  'archive.delete': 'Delete',
  'archive.confirmDelete': 'Delete game #{id} ({white} – {black}) for good?',
  'archive.deleted': 'Game #{id} deleted.',
  'archive.count': '{n} games',
  'archive.countOne': '1 game',
  'archive.prev': 'Newer',
  'archive.next': 'Older',
  'archive.imported': 'Imported {n} games.',
  'archive.importErrors': '{n} could not be read:',
  'archive.importError': 'game {game}, line {line}, column {column}: {message}',
  'archive.importTitle': 'Import games (PDN)',
  'archive.importDo': 'Import',

  'common.close': 'Close',
  'common.error': 'Something went wrong: {msg}',
  'common.offline': 'The Shashki server does not answer. Is `shashki serve` still running?',
  'common.retry': 'Try again',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.ply': 'move {n}',

  'reason.noPieces.white': 'White has no pieces left',
  'reason.noPieces.black': 'Black has no pieces left',
  'reason.noMoves.white': 'White has no move',
  'reason.noMoves.black': 'Black has no move',
  'reason.resigned.white': 'White resigned',
  'reason.resigned.black': 'Black resigned',
  'reason.time.white': 'White lost on time',
  'reason.time.black': 'Black lost on time',
  'reason.adjudication': 'By adjudication',
  'reason.agreed': 'By agreement',
  'reason.repetition': 'The same position three times',
  'reason.threeKings': 'Three kings against one: not won in 15 moves',
  'reason.mainRoad': 'Three pieces against a lone king on the main road: not won in 5 moves',
  'reason.balance3': '5 moves without a change of balance (2 or 3 pieces)',
  'reason.balance5': '30 moves without a change of balance (4 or 5 pieces)',
  'reason.balance7': '60 moves without a change of balance (6 or 7 pieces)',
  'reason.kingsOnly': '15 moves with kings only',
  'reason.bothFlags': 'Both flags fell',
};

const RU = {
  'app.name': 'Шашки',
  'app.tagline': 'Русские шашки',
  'nav.play': 'Игра',
  'nav.analysis': 'Анализ',
  'nav.archive': 'Архив',
  'nav.main': 'Разделы',
  'settings.notation': 'Нотация',
  'settings.language': 'Язык',
  'notation.algebraic': 'Буквенная',
  'notation.numeric': 'Цифровая',

  'color.white': 'Белые',
  'color.black': 'Чёрные',
  'color.random': 'Случайно',
  'side.toMove.white': 'Ход белых',
  'side.toMove.black': 'Ход чёрных',

  'home.title': 'Играйте в русские шашки',
  'home.lead': 'С программой на одном из десяти уровней или с другом за одной доской. Каждый ход сохраняется сразу.',
  'home.newGame': 'Новая партия',
  'home.quickEngine': 'Быстрая партия с программой',
  'home.quickHuman': 'Двое за одной доской',
  'home.inProgress': 'Незаконченные партии',
  'home.noneInProgress': 'Незаконченных партий нет.',
  'home.continue': 'Продолжить',
  'home.recent': 'Недавно сыгранные',
  'home.moves': 'ходов: {n}',

  'new.title': 'Новая партия',
  'new.opponent': 'Соперник',
  'new.engine': 'Программа',
  'new.human': 'Друг за этой доской',
  'new.level': 'Уровень программы',
  'new.levelHint': '1 — как новичок, 10 — в полную силу',
  'new.color': 'Ваш цвет',
  'new.time': 'Контроль времени',
  'new.timeNone': 'Без часов',
  'new.timeCustom': 'Свой',
  'new.timeHint': 'Как принято записывать: 5m, 10m+5s, 1h10m/35+15m',
  'new.start': 'Начальная позиция',
  'new.startNormal': 'Обычная',
  'new.startOpening': 'Жеребьёвка дебюта',
  'new.startFen': 'Из FEN',
  'new.opening': 'Дебют',
  'new.fen': 'FEN',
  'new.names': 'Имена',
  'new.yourName': 'Ваше имя',
  'new.whiteName': 'Белые',
  'new.blackName': 'Чёрные',
  'new.namePlaceholder': 'необязательно',
  'new.create': 'Начать партию',
  'new.cancel': 'Отмена',
  'new.preset.blitz3': 'Блиц 3+2',
  'new.preset.blitz5': 'Блиц 5+3',
  'new.preset.rapid10': 'Рапид 10+5',
  'new.preset.rapid20': 'Рапид 20+10',
  'new.preset.classic45': '45 минут',
  'new.preset.classic60': '1 час',
  'new.preset.classic70': '1 ч 10 / 35 + 15 мин',

  'game.loading': 'Загружаем партию…',
  'game.notFound': 'Такой партии нет (возможно, её удалили).',
  'game.yourMove': 'Ваш ход',
  'game.engineThinking': 'Программа думает…',
  'game.toMove': 'Ход: {side}',
  'game.capture': 'Бить обязательно',
  'game.finished': 'Партия окончена',
  'game.result.1-0': 'Победа белых',
  'game.result.0-1': 'Победа чёрных',
  'game.result.1/2-1/2': 'Ничья',
  'game.result.*': 'Не окончена',
  'game.youWon': 'Вы выиграли. Отличная игра!',
  'game.youLost': 'На этот раз вы проиграли.',
  'game.youDrew': 'Ничья.',
  'game.offerDraw': 'Предложить ничью',
  'game.offerArmed': 'Предложение — с вашим ходом',
  'game.offerWithMove': 'Сделайте ход: предложение ничьей будет сделано вместе с ним',
  'game.claimDraw': 'Потребовать ничью',
  'game.resign': 'Сдаться',
  'game.undo': 'Вернуть ход',
  'game.flip': 'Перевернуть доску',
  'game.analyse': 'Анализ',
  'game.pdn': 'Скачать PDN',
  'game.newGame': 'Новая партия',
  'game.rematch': 'Сыграть ещё',
  'game.drawOffered': '{side} предлагают ничью',
  'game.drawOfferedByYou': 'Вы предложили ничью; ждём ответа',
  'game.accept': 'Принять',
  'game.decline': 'Отклонить',
  'game.confirmResign': 'Сдать партию за {side}?',
  'game.confirmYes': 'Да, сдаться',
  'game.confirmNo': 'Играть дальше',
  'game.reviewing': 'Просмотр: ход {n}',
  'game.backToGame': 'Вернуться к партии',
  'game.moves': 'Ходы',
  'game.noMoves': 'Ходов пока нет',
  'game.first': 'Начальная позиция',
  'game.prev': 'Предыдущий ход',
  'game.next': 'Следующий ход',
  'game.last': 'Последняя позиция',
  'game.autoplay': 'Воспроизвести',
  'game.pause': 'Пауза',
  'game.chooseLanding': 'Через это поле идут разные взятия: укажите поля остановки по одному',
  'game.level': 'уровень {n}',
  'game.engineName': 'Шашки (уровень {n})',
  'game.you': 'вы',
  'game.noClock': 'без часов',
  'game.opening': 'Дебют {code}',
  'game.stale': 'Партия изменилась; доска обновлена.',
  'game.reconnecting': 'Связь потеряна; подключаемся снова…',

  'analysis.title': 'Доска анализа',
  'analysis.engine': 'Программа',
  'analysis.engineOn': 'Анализ включён',
  'analysis.engineOff': 'Анализ выключен',
  'analysis.lines': 'Варианты',
  'analysis.depth': 'глубина {d}',
  'analysis.nps': '{n} тыс. поз./с',
  'analysis.nodes': '{n} позиций',
  'analysis.waiting': 'Запускаем поиск…',
  'analysis.idle': 'Включите программу, чтобы увидеть оценку и лучшие варианты.',
  'analysis.unavailable': 'Программа недоступна: {msg}',
  'analysis.mateIn': 'выигрыш за {n}',
  'analysis.matedIn': 'проигрыш за {n}',
  'analysis.dbWin': 'выигрыш по базе',
  'analysis.setup': 'Расстановка',
  'analysis.import': 'Загрузить',
  'analysis.export': 'Сохранить',
  'analysis.reset': 'Начальная позиция',
  'analysis.line': 'Вариант',
  'analysis.over': 'Здесь игра окончена: {reason}',
  'analysis.playBest': 'Сделать лучший ход',
  'analysis.fen': 'FEN',
  'analysis.copy': 'Копировать',
  'analysis.copied': 'Скопировано',
  'analysis.downloadPdn': 'Скачать PDN',
  'analysis.loadFen': 'Загрузить FEN',
  'analysis.loadPdn': 'Загрузить PDN',
  'analysis.pastePdn': 'Вставьте партию в PDN или выберите файл',
  'analysis.pasteFen': 'Вставьте FEN',
  'analysis.chooseFile': 'Выбрать файл…',
  'analysis.importedTo': 'Сохранено в архиве как партия №{id}.',
  'analysis.noGames': 'В PDN не нашлось партии, которую можно прочитать.',

  'editor.title': 'Расстановка позиции',
  'editor.whiteMan': 'Белая шашка',
  'editor.whiteKing': 'Белая дамка',
  'editor.blackMan': 'Чёрная шашка',
  'editor.blackKing': 'Чёрная дамка',
  'editor.erase': 'Убрать',
  'editor.sideToMove': 'Очередь хода',
  'editor.clear': 'Очистить доску',
  'editor.start': 'Начальная позиция',
  'editor.done': 'Анализировать позицию',
  'editor.cancel': 'Отмена',
  'editor.hint': 'Выберите фигуру и щёлкайте по полям; щелчок по такой же фигуре убирает её.',
  'editor.invalid': 'Эту позицию нельзя использовать: {msg}',
  'editor.valid': 'Позиция допустима: ходов у стороны на очереди — {n}',
  'editor.noMoves': 'У стороны на очереди нет ходов: игра была бы окончена',

  'archive.title': 'Архив',
  'archive.search': 'Поиск по игроку',
  'archive.result': 'Результат',
  'archive.any': 'Любой результат',
  'archive.status': 'Состояние',
  'archive.playing': 'Идут',
  'archive.finished': 'Окончены',
  'archive.exportAll': 'Скачать все (PDN)',
  'archive.import': 'Загрузить PDN',
  'archive.empty': 'Партий не найдено.',
  'archive.date': 'Дата',
  'archive.players': 'Игроки',
  'archive.moves': 'Ходов',
  'archive.open': 'Просмотр',
  'archive.delete': 'Удалить',
  'archive.confirmDelete': 'Удалить партию №{id} ({white} – {black}) навсегда?',
  'archive.deleted': 'Партия №{id} удалена.',
  'archive.count': 'Партий: {n}',
  'archive.countOne': 'Партий: 1',
  'archive.prev': 'Новее',
  'archive.next': 'Старше',
  'archive.imported': 'Загружено партий: {n}.',
  'archive.importErrors': 'Не удалось прочитать: {n}.',
  'archive.importError': 'партия {game}, строка {line}, столбец {column}: {message}',
  'archive.importTitle': 'Загрузка партий (PDN)',
  'archive.importDo': 'Загрузить',

  'common.close': 'Закрыть',
  'common.error': 'Что-то пошло не так: {msg}',
  'common.offline': 'Сервер «Шашек» не отвечает. Запущен ли `shashki serve`?',
  'common.retry': 'Повторить',
  'common.yes': 'Да',
  'common.no': 'Нет',
  'common.ply': 'ход {n}',

  'reason.noPieces.white': 'У белых не осталось шашек',
  'reason.noPieces.black': 'У чёрных не осталось шашек',
  'reason.noMoves.white': 'У белых нет ходов',
  'reason.noMoves.black': 'У чёрных нет ходов',
  'reason.resigned.white': 'Белые сдались',
  'reason.resigned.black': 'Чёрные сдались',
  'reason.time.white': 'У белых истекло время',
  'reason.time.black': 'У чёрных истекло время',
  'reason.adjudication': 'По решению судьи',
  'reason.agreed': 'По соглашению',
  'reason.repetition': 'Троекратное повторение позиции',
  'reason.threeKings': 'Три дамки против одной: не выиграно за 15 ходов',
  'reason.mainRoad': 'Три фигуры против одинокой дамки на большой дороге: не выиграно за 5 ходов',
  'reason.balance3': '5 ходов без изменения соотношения сил (2–3 фигуры)',
  'reason.balance5': '30 ходов без изменения соотношения сил (4–5 фигур)',
  'reason.balance7': '60 ходов без изменения соотношения сил (6–7 фигур)',
  'reason.kingsOnly': '15 ходов только дамками',
  'reason.bothFlags': 'Упали оба флажка',
};

const TABLES = { en: EN, ru: RU };
const KEY = 'shashki.lang';
const listeners = new Set();

function initial() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && TABLES[saved]) return saved;
  } catch {
    /* storage may be off */
  }
  const nav = (navigator.language || 'en').toLowerCase();
  return nav.startsWith('ru') ? 'ru' : 'en';
}

let lang = initial();

export function getLang() {
  return lang;
}

export function setLang(next) {
  if (!TABLES[next] || next === lang) return;
  lang = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    /* storage may be off */
  }
  document.documentElement.lang = next;
  for (const fn of listeners) fn(next);
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The text for key in the current language, with {name} filled from vars. */
export function t(key, vars = {}) {
  let s = TABLES[lang][key] ?? EN[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** Whether a key exists (used to translate the server's fixed texts). */
export function has(key) {
  return key in EN || key in TABLES[lang];
}

// The arbiter's texts (sh_result_describe in src/game.c, and Position.over) by pattern.
const REASONS = [
  [/(White|Black) has no pieces/, (m) => 'reason.noPieces.' + m[1].toLowerCase()],
  [/(White|Black) has no move/, (m) => 'reason.noMoves.' + m[1].toLowerCase()],
  [/(White|Black) resigned/, (m) => 'reason.resigned.' + m[1].toLowerCase()],
  [/(White|Black) lost on time/, (m) => 'reason.time.' + m[1].toLowerCase()],
  [/adjudicat/, () => 'reason.adjudication'],
  [/^draw: agreed/, () => 'reason.agreed'],
  [/^draw: the same position three times/, () => 'reason.repetition'],
  [/^draw: three kings against a lone king/, () => 'reason.threeKings'],
  [/^draw: three pieces against a lone king on the main road/, () => 'reason.mainRoad'],
  [/^draw: 5 moves without a change of balance/, () => 'reason.balance3'],
  [/^draw: 30 moves without a change of balance/, () => 'reason.balance5'],
  [/^draw: 60 moves without a change of balance/, () => 'reason.balance7'],
  [/^draw: 15 moves with kings only/, () => 'reason.kingsOnly'],
  [/^draw: both flags fell/, () => 'reason.bothFlags'],
];

const CODES = {
  agreement: 'reason.agreed',
  repetition: 'reason.repetition',
  'three-kings': 'reason.threeKings',
  'main-road': 'reason.mainRoad',
  'balance-3': 'reason.balance3',
  'balance-5': 'reason.balance5',
  'balance-7': 'reason.balance7',
  'kings-only': 'reason.kingsOnly',
  'both-flags': 'reason.bothFlags',
  adjudication: 'reason.adjudication',
};
const LOSER_CODES = { 'no-moves': 'reason.noMoves.', 'no-pieces': 'reason.noPieces.', resignation: 'reason.resigned.', time: 'reason.time.' };

/**
 * The arbiter's reason in the current language: from its code (reason_code, with the result
 * telling who lost), else from the English text by pattern, else the text as the server wrote it.
 */
export function reasonText(reason, code, result) {
  if (code && CODES[code]) return t(CODES[code]);
  if (code && LOSER_CODES[code] && (result === '1-0' || result === '0-1')) {
    return t(LOSER_CODES[code] + (result === '1-0' ? 'black' : 'white'));
  }
  if (!reason) return '';
  for (const [re, key] of REASONS) {
    const m = re.exec(reason);
    if (m) return t(key(m));
  }
  return reason;
}

export function colorName(color) {
  return t('color.' + color);
}

/**
 * A player's name as shown: the name given, else the colour; the server's own defaults
 * ("White", "Black", "Shashki (level 3)") in the current language.
 */
export function playerName(name, color) {
  if (!name || name === '?' || name === 'White' || name === 'Black') return colorName(color);
  const m = /^Shashki \(level (\d+)\)$/.exec(name);
  if (m) return t('game.engineName', { n: m[1] });
  return name;
}
