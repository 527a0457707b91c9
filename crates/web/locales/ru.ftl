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
