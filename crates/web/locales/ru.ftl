# Русский каталог веб-страниц Arbiter.

app-name = Arbiter
nav-events = Турниры
nav-admin = Судейская
nav-login = Войти
nav-logout = Выйти
nav-language = Язык
nav-print = Печать
nav-projector = Для проектора
footer-text = Arbiter, программа для проведения шахматных турниров
skip-to-content = К содержанию

rounds-count = { $count ->
    [one] { $count } тур
    [few] { $count } тура
   *[many] { $count } туров
}
players-count = { $count ->
    [one] { $count } участник
    [few] { $count } участника
   *[many] { $count } участников
}

events-title = Турниры
events-empty = Здесь пока не опубликовано ни одного турнира.
events-col-name = Турнир
events-col-file = Адрес

live-connected = В эфире
live-offline = Нет связи: переподключение…

login-title = Вход
login-name = Имя пользователя
login-password = Пароль
login-submit = Войти
login-failed = Неверное имя пользователя или пароль.
login-throttled = Слишком много неудачных попыток: подождите { $seconds } с и повторите.
logged-in-as = Вы вошли как { $name }

admin-title = Судейская
admin-your-events = Ваши турниры
admin-no-events = У вас пока нет турниров.
role-administrator = администратор
role-arbiter = судья

error-title = Что-то пошло не так
error-back = К списку турниров
error-not-found = Не найдено: { $what }
error-page-not-found = По этому адресу нет страницы.
error-bad-event-name = «{ $name }» — недопустимое имя турнира (буквы, цифры, «-» и «_», не более 64).
error-csrf = Форма устарела или отправлена с другого сайта; обновите страницу и повторите.
error-login-required = Войдите, чтобы пользоваться судейской.
error-forbidden = Вашей учётной записи не разрешено изменять этот турнир.
error-internal = Внутренняя ошибка; подробности в журнале сервера.
error-bad-request = Неверный запрос: { $detail }

weekday-1 = пн
weekday-2 = вт
weekday-3 = ср
weekday-4 = чт
weekday-5 = пт
weekday-6 = сб
weekday-7 = вс
month-1 = янв.
month-2 = февр.
month-3 = мар.
month-4 = апр.
month-5 = мая
month-6 = июн.
month-7 = июл.
month-8 = авг.
month-9 = сент.
month-10 = окт.
month-11 = нояб.
month-12 = дек.
date-medium = { $weekday }, { $day } { $month } { $year }

# Public pages of an event.
nav-section = Группа
nav-players = Участники
nav-standings = Таблица
nav-crosstable = Сводная таблица
nav-wallchart = Настенная таблица
nav-slips = Бланки результатов
round-short = Т{ $round }
round-title = Тур { $round }
event-chief-arbiter = Главный судья
event-time-control = Контроль времени
event-qr = Эта страница на телефоне
event-sections = Группы
event-schedule = Расписание
col-section = Группа
col-system = Система
col-players = Участники
col-rounds = Туры
col-rating = Рейтинг
col-fed = Федер.
col-club = Клуб
col-board = Доска
col-score = Очки
col-white = Белые
col-black = Чёрные
col-result = Результат
col-round = Тур
col-opponent = Соперник
withdrawn-from = выбыл с { $round }-го тура
pairing-bye = свободен от игры (по жеребьёвке)
round-not-playing = Не играют в этом туре
round-edited = Этот тур изменён судьёй вручную.
standings-after = После тура
standings-latest = последнего
standings-show = Показать
crosstable-legend = 12w1: против стартового номера 12 белыми, победа (½ ничья, 0 поражение); + и − неявка; U свободен по жеребьёвке; F бай в 1 очко; H бай в ½ очка; Z бай в 0 очков или неявка.
card-no-opponent = без соперника
system-dutch = Голландская система ФИДЕ
system-dutch-baku = Голландская система ФИДЕ, бакинское ускорение
system-italo-swiss = Итало-швейцарская система
system-round-robin = Круговая система
system-double-round-robin = Двухкруговая система
system-team-swiss = Швейцарская система ФИДЕ для команд
absence-bye-full = бай в 1 очко
absence-bye-half = бай в ½ очка
absence-bye-zero = отсутствует, 0 очков
absence-withdrawn = выбыл
absence-not-paired = без пары
slip-signature-white = Подпись белых
slip-signature-black = Подпись чёрных
nav-teams = Команды
teams-matches-of = Матчи тура
col-team = Команда
teams-empty-seat = пустое место
teams-absent = отсутствует

# Back office.
admin-field = Поле { $field }:
admin-file-exists = Файл турнира «{ $name }» уже существует; выберите другое имя.
admin-new-event = Новый турнир
admin-file = Адрес (имя файла)
admin-event-name = Название турнира
admin-section-code = Код группы
admin-create = Создать
admin-tiebreaks = Дополнительные показатели
admin-scoring = Очки за победу, ничью, поражение
admin-initial-colour = Цвет первого номера в 1-м туре
admin-avoid-team = Не сводить партнёров по команде
admin-public-page = Публичная страница
admin-log = Журнал
admin-undo = Отменить последнее действие
admin-undone = Отменено: { $what }
admin-add-section = Добавить группу
admin-log-when = Когда (UTC)
admin-log-command = Команда
admin-log-entries = Записи
admin-undone-by = отменено записью { $seq }
admin-correction = исправление
admin-event = Турнир
admin-section = Группа
admin-pair-round = Жеребьёвка { $round }-го тура
admin-check-in = Регистрация перед { $round }-м туром
admin-present = Присутствует
admin-check-in-submit = Отсутствующим — бай в 0 очков
admin-checked-in = Отсутствующих с баем в 0 очков: { $count }.
admin-withdraw = Снять
admin-reinstate = Вернуть
admin-withdrawn = { $name } снят с турнира.
admin-reinstated = { $name } возвращён в турнир.
admin-add-player = Добавить участника
admin-player-added = Добавлен: { $name }.
admin-title-field = Звание
admin-born = Дата рождения
admin-fide-id = FIDE ID
admin-import = Импорт участников
admin-import-csv = CSV (заголовок: name,rating,title,sex,born,fed,fide-id,club,team)
admin-players-imported = Импортировано участников: { $count }.
admin-byes = Баи
admin-player-id = Id участника
admin-cancel = отменить
admin-set = Записать
admin-bye-set = Бай записан: { $name }.
admin-forbid = Запрещённые пары
admin-forbidden = { $names } не будут сведены.
admin-result-keys = Клавиши: 1 = 1-0, 0 = 0-1, = или 5 = ½-½, + = +/-, - = -/+, * = -/-; Esc или b: выбор доски, Enter: назад к результату.
admin-result-saved = Записана доска
admin-result-corrected = Исправлена доска
admin-round-complete = У всех досок есть результат.
admin-details = Данные турнира
admin-details-set = Данные записаны.
admin-keep-empty = Пустые поля не меняются.
admin-city = Город
admin-start = Начало (ГГГГ-ММ-ДД)
admin-end = Окончание (ГГГГ-ММ-ДД)
admin-deputies = Заместители главного судьи (через запятую)
admin-round-dates = Дата каждого тура (через запятую)
admin-update-player = Изменить данные участника
admin-player-updated = Изменено: { $name }.
admin-settings = Настройки группы
admin-settings-set = Настройки группы { $section } записаны.
admin-set-pairing = Задать доску вручную
admin-empty-bye = пусто: бай
admin-override = Разрешить запрещённую пару или повторную встречу (в журнале)
admin-override-hint = отметьте разрешение, чтобы всё же свести их; журнал это запишет

# Ошибки прикладного уровня: фраза по виду, поле по его подписи.
desk-error-invalid-field = Значение поля «{ $field }» не принято.
desk-error-invalid = Данные не приняты.
desk-error-not-found = То, что указано в запросе, не существует.
desk-error-refused = Правила не допускают этот запрос; ничего не записано.
desk-error-conflict = Другой пользователь всё время менял турнир; ничего не записано. Попробуйте ещё раз.
desk-error-storage = Файл турнира нельзя прочитать или записать.
desk-error-no-pairing = Ни одна жеребьёвка не удовлетворяет абсолютным критериям; задайте доски вручную.
desk-error-size-limit = Превышен предел размера.
desk-error-internal = Внутренняя ошибка; подробности в журнале сервера.
field-name = Имя
field-rapid = Рейтинг по быстрым
field-blitz = Рейтинг по блицу
field-national = Национальный рейтинг
field-sex = Пол
field-team = Команда
field-tags = Метки
field-acceleration = Ускорение
field-amount = Сумма
field-method = Способ
field-note = Примечание

# Призы и взносы.
nav-prizes = Призы
prizes-none = Для этой группы призы не опубликованы.
prizes-after = После { $complete }-го тура из { $rounds }
prizes-provisional = Предварительно: призы распределяются по итоговой таблице.
col-prize = Приз
col-player = Участник
col-amount = Сумма
prizes-void = Не присуждён
prizes-fund = Призовой фонд: { $total } { $currency } (взносы { $fees }, спонсоры { $sponsors })
prizes-still-possible = Кто ещё может выиграть
prizes-nobody = уже никто
admin-awards = Призы и взносы
admin-fees-none = Турнирные взносы не заданы.
admin-fees-set = Турнирные взносы записаны.
admin-fee-schedule = Турнирные взносы (TOML)
admin-prize-plan = Положение о призах (TOML)
admin-plan-set = Положение о призах группы { $section } записано.
col-due = Начислено
col-paid = Оплачено
col-outstanding = К оплате
col-fee-rule = Взнос
admin-total = Итого
admin-pay = Записать платёж
admin-pay-method = Способ
method-cash = наличные
method-card = карта
method-transfer = перевод
admin-paid = Платёж { $amount } от { $name } записан.

# Просмотр жеребьёвки перед публикацией.
admin-propose-round = Предложить { $round }-й тур
admin-proposal-title = Предлагаемая жеребьёвка { $round }-го тура
admin-proposal-note = Пока ничего не записано: опубликуйте эту жеребьёвку или отмените её.
admin-publish = Опубликовать
admin-discard = Отменить
admin-players-csv = Участники (CSV)
