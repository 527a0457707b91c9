# Polski katalog stron internetowych Arbitra.

app-name = Arbiter
nav-events = Turnieje
nav-admin = Panel sędziego
nav-login = Zaloguj
nav-logout = Wyloguj
nav-language = Język
nav-print = Drukuj
nav-projector = Widok na rzutnik
footer-text = Arbiter, program do prowadzenia turniejów szachowych
skip-to-content = Przejdź do treści

rounds-count = { $count ->
    [one] { $count } runda
    [few] { $count } rundy
   *[many] { $count } rund
}
players-count = { $count ->
    [one] { $count } zawodnik
    [few] { $count } zawodników
   *[many] { $count } zawodników
}

events-title = Turnieje
events-empty = Nie opublikowano tu jeszcze żadnego turnieju.
events-col-name = Turniej
events-col-file = Adres

live-connected = Na żywo
live-offline = Brak połączenia: ponawianie…

login-title = Logowanie
login-name = Nazwa użytkownika
login-password = Hasło
login-submit = Zaloguj
login-failed = Błędna nazwa użytkownika lub hasło.
login-throttled = Zbyt wiele nieudanych prób: odczekaj { $seconds } s i spróbuj ponownie.
logged-in-as = Zalogowano jako { $name }

admin-title = Panel sędziego
admin-your-events = Twoje turnieje
admin-no-events = Nie masz jeszcze żadnego turnieju.
role-administrator = administrator
role-arbiter = sędzia

error-title = Coś poszło nie tak
error-back = Powrót do turniejów
error-not-found = Nie znaleziono: { $what }
error-page-not-found = Pod tym adresem nie ma strony.
error-bad-event-name = „{ $name }” nie jest nazwą turnieju (litery, cyfry, „-” i „_”, najwyżej 64).
error-csrf = Formularz jest nieaktualny lub pochodzi z innej witryny; odśwież stronę i spróbuj ponownie.
error-login-required = Zaloguj się, aby korzystać z panelu sędziego.
error-forbidden = Twoje konto nie może zmieniać tego turnieju.
error-internal = Błąd wewnętrzny; szczegóły są w dzienniku serwera.
error-bad-request = Nieprawidłowe żądanie: { $detail }

weekday-1 = pon.
weekday-2 = wt.
weekday-3 = śr.
weekday-4 = czw.
weekday-5 = pt.
weekday-6 = sob.
weekday-7 = niedz.
month-1 = sty
month-2 = lut
month-3 = mar
month-4 = kwi
month-5 = maj
month-6 = cze
month-7 = lip
month-8 = sie
month-9 = wrz
month-10 = paź
month-11 = lis
month-12 = gru
date-medium = { $weekday } { $day } { $month } { $year }
