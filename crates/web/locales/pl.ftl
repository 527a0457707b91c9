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

# Public pages of an event.
nav-section = Grupa
nav-players = Zawodnicy
nav-standings = Klasyfikacja
nav-crosstable = Tabela krzyżowa
nav-wallchart = Tabela ścienna
nav-slips = Blankiety wyników
round-short = R{ $round }
round-title = Runda { $round }
event-chief-arbiter = Sędzia główny
event-time-control = Tempo gry
event-qr = Ta strona w telefonie
event-sections = Grupy
event-schedule = Harmonogram
col-section = Grupa
col-system = System
col-players = Zawodnicy
col-rounds = Rundy
col-rating = Ranking
col-fed = Fed
col-club = Klub
col-board = Szachownica
col-score = Pkt
col-white = Białe
col-black = Czarne
col-result = Wynik
col-round = Runda
col-opponent = Przeciwnik
withdrawn-from = wycofany od rundy { $round }
pairing-bye = pauza (przydzielona w kojarzeniu)
round-not-playing = Nie grają w tej rundzie
round-edited = Ta runda została zmieniona ręcznie przez sędziego.
standings-after = Po rundzie
standings-latest = ostatniej
standings-show = Pokaż
crosstable-legend = 12w1: z numerem 12 białymi, wygrana (½ remis, 0 przegrana); + i − walkower; U pauza z kojarzenia; F pauza za 1 pkt; H pauza za ½ pkt; Z pauza za 0 pkt lub nieobecność.
card-no-opponent = bez przeciwnika
system-dutch = System holenderski FIDE
system-dutch-baku = System holenderski FIDE, przyspieszenie bakijskie
system-italo-swiss = System włosko-szwajcarski
system-round-robin = System kołowy
system-double-round-robin = Podwójny system kołowy
system-team-swiss = System szwajcarski FIDE dla drużyn
absence-bye-full = pauza za 1 pkt
absence-bye-half = pauza za ½ pkt
absence-bye-zero = nieobecny, 0 pkt
absence-withdrawn = wycofany
absence-not-paired = nie skojarzony
slip-signature-white = Podpis białych
slip-signature-black = Podpis czarnych
nav-teams = Drużyny
teams-matches-of = Mecze rundy
col-team = Drużyna
teams-empty-seat = wolne miejsce
teams-absent = nieobecna

# Back office.
admin-field = Pole { $field }:
admin-file-exists = Plik turnieju „{ $name }” już istnieje; wybierz inną nazwę.
admin-new-event = Nowy turniej
admin-file = Adres (nazwa pliku)
admin-event-name = Nazwa turnieju
admin-section-code = Kod grupy
admin-create = Utwórz
admin-tiebreaks = Punktacja pomocnicza
admin-scoring = Punkty za wygraną, remis, przegraną
admin-initial-colour = Kolor rozstawionego z nr 1 w rundzie 1
admin-avoid-team = Nie kojarzyć zawodników jednej drużyny
admin-public-page = Strona publiczna
admin-log = Dziennik
admin-undo = Cofnij ostatnią czynność
admin-undone = Cofnięto: { $what }
admin-add-section = Dodaj grupę
admin-log-when = Kiedy (UTC)
admin-log-command = Polecenie
admin-log-entries = Wpisy
admin-undone-by = cofnięte przez { $seq }
admin-correction = korekta
admin-event = Turniej
admin-section = Grupa
admin-pair-round = Kojarz rundę { $round }
admin-check-in = Obecność przed rundą { $round }
admin-present = Obecny
admin-check-in-submit = Nieobecni dostają pauzę za 0 pkt
admin-checked-in = Nieobecni z pauzą za 0 pkt: { $count }.
admin-withdraw = Wycofaj
admin-reinstate = Przywróć
admin-withdrawn = { $name } wycofany.
admin-reinstated = { $name } przywrócony.
admin-add-player = Dodaj zawodnika
admin-player-added = Dodano: { $name }.
admin-title-field = Tytuł
admin-born = Data urodzenia
admin-fide-id = Identyfikator FIDE
admin-import = Importuj zawodników
admin-import-csv = CSV (nagłówek: name,rating,title,sex,born,fed,fide-id,club,team)
admin-players-imported = Zaimportowano zawodników: { $count }.
admin-byes = Pauzy
admin-player-id = Id zawodnika
admin-team-id = Id drużyny
admin-cancel = anuluj
admin-set = Zapisz
admin-bye-set = Zapisano pauzę: { $name }.
admin-forbid = Zakazane pary
admin-forbidden = { $names } nie zostaną skojarzeni.
admin-result-keys = Klawisze: 1 = 1-0, 0 = 0-1, = lub 5 = ½-½, + = +/-, - = -/+, * = -/-; Esc lub b: wybór szachownicy, Enter: powrót do wyniku.
admin-result-saved = Zapisano szachownicę
admin-result-corrected = Poprawiono szachownicę
admin-round-complete = Wszystkie szachownice mają wynik.
admin-details = Dane turnieju
admin-details-set = Dane zapisano.
admin-keep-empty = Puste pola pozostają bez zmian.
admin-city = Miejscowość
admin-start = Początek (RRRR-MM-DD)
admin-end = Koniec (RRRR-MM-DD)
admin-deputies = Sędziowie pomocniczy (po przecinku)
admin-round-dates = Data każdej rundy (po przecinku)
admin-update-player = Zmień dane zawodnika
admin-player-updated = Zmieniono: { $name }.
admin-settings = Ustawienia grupy
admin-settings-set = Zapisano ustawienia grupy { $section }.
admin-set-pairing = Ustaw szachownicę ręcznie
admin-empty-bye = puste: pauza
admin-override = Zezwól na zakazaną parę lub powtórkę (zapisane w dzienniku)
admin-override-hint = zaznacz wyjątek, aby ich mimo to skojarzyć; dziennik to odnotuje

# Błędy warstwy aplikacji: zdanie według rodzaju, pole według etykiety.
desk-error-invalid-field = Wartość pola „{ $field }” nie została przyjęta.
desk-error-invalid = Dane nie zostały przyjęte.
desk-error-not-found = To, co wskazuje żądanie, nie istnieje.
desk-error-refused = Przepisy nie pozwalają na to żądanie; nic nie zapisano.
desk-error-conflict = Inny użytkownik wciąż zmieniał turniej; nic nie zapisano. Spróbuj ponownie.
desk-error-storage = Nie można odczytać ani zapisać pliku turnieju.
desk-error-no-pairing = Żadne kojarzenie nie spełnia kryteriów bezwzględnych; ustaw szachownice ręcznie.
desk-error-size-limit = Przekroczono limit rozmiaru.
desk-error-internal = Błąd wewnętrzny; szczegóły są w dzienniku serwera.
field-name = Nazwisko
field-rapid = Ranking szachów szybkich
field-blitz = Ranking błyskawiczny
field-national = Ranking krajowy
field-sex = Płeć
field-team = Drużyna
field-tags = Etykiety
field-acceleration = Przyspieszenie
field-amount = Kwota
field-method = Sposób
field-note = Uwaga

# Nagrody i wpisowe.
nav-prizes = Nagrody
prizes-none = Dla tej grupy nie opublikowano nagród.
prizes-after = Po rundzie { $complete } z { $rounds }
prizes-provisional = Wstępnie: nagrody przyznaje się według klasyfikacji końcowej.
col-prize = Nagroda
col-player = Zawodnik
col-amount = Kwota
prizes-void = Nieprzyznana
prizes-overall = klasyfikacja generalna
void-too-few-entrants = { $category }: zawodników kategorii w turnieju { $played }, wymaganych co najmniej { $min }
void-no-eligible = { $category }: brak uprawnionych zawodników
void-all-eligible-hold = { $category }: nie ma już uprawnionych zawodników (pozostali mają już nagrodę)
void-fewer-than-place = { $category }: uprawnionych zawodników tylko { $eligible }
prizes-fund = Pula nagród: { $total } { $currency } (wpisowe { $fees }, sponsorzy { $sponsors })
prizes-still-possible = Kto może jeszcze wygrać
prizes-nobody = już nikt
admin-awards = Nagrody i wpisowe
admin-fees-none = Nie ustalono wpisowego.
admin-fees-set = Wpisowe zapisano.
admin-fee-schedule = Wpisowe (TOML)
admin-prize-plan = Regulamin nagród (TOML)
admin-plan-set = Regulamin nagród grupy { $section } zapisano.
col-due = Należne
col-paid = Wpłacone
col-outstanding = Do zapłaty
col-fee-rule = Opłata
admin-total = Razem
admin-pay = Zapisz wpłatę
admin-pay-method = Sposób
method-cash = gotówka
method-card = karta
method-transfer = przelew
admin-paid = Wpłatę { $amount } od { $name } zapisano.

# Podgląd kojarzenia przed publikacją.
admin-propose-round = Zaproponuj rundę { $round }
admin-proposal-title = Proponowane kojarzenie rundy { $round }
admin-proposal-note = Nic jeszcze nie zapisano: opublikuj to kojarzenie albo je odrzuć.
admin-publish = Opublikuj
admin-discard = Odrzuć
admin-players-csv = Zawodnicy (CSV)

# Zgłoszenia online (issue 15)
event-register = Zgłoś się online
register-title = Zgłoszenie
register-event-page = Strona turnieju
register-deadline = Zgłoszenia do { $deadline }
register-late = Termin zgłoszeń minął: zgłoszenia są teraz spóźnione.
register-not-open = Zgłoszenia ruszają { $opens }.
register-closed = Zgłoszenia są zamknięte.
register-fees = Wpisowe
register-fee = Wpisowe
register-fee-free = bezpłatnie
register-fee-percent = { $percent }% wpisowego
register-fee-at-least = co najmniej { $amount }
register-section = Grupa
register-places-left = wolnych miejsc: { $left } z { $cap }
register-waiting-list = { $waiting ->
    [one] brak miejsc: { $waiting } osoba na liście rezerwowej
    [few] brak miejsc: { $waiting } osoby na liście rezerwowej
   *[many] brak miejsc: { $waiting } osób na liście rezerwowej
}
register-field-name = Imię i nazwisko (Nazwisko, Imię)
register-field-fide-id = FIDE ID
register-field-born = Data urodzenia
register-field-sex = Płeć (m/w)
register-field-fed = Federacja
register-field-club = Klub
register-field-email = E-mail
register-field-phone = Telefon
register-tags = Przysługuje mi
register-honeypot = Zostaw to pole puste
register-privacy = E-mail i telefon widzą tylko organizatorzy.
register-submit = Zgłoś się
register-refused-robot = Formularza nie wypełnił człowiek.
register-throttled = Zbyt wiele zgłoszeń z Twojego adresu: odczekaj { $seconds } s i spróbuj ponownie.
register-status-title = Twoje zgłoszenie
register-confirmation = Zgłoszenie przyjęte. Zachowaj adres tej strony: to Twój prywatny link do śledzenia i wycofania zgłoszenia.
register-number = Numer
register-submitted = Wysłane
register-late-entry = spóźnione
register-standing = Stan
register-standing-place = miejsce jest zarezerwowane
register-standing-waiting = lista rezerwowa, numer { $position }
register-standing-accepted = przyjęte: jesteś zapisany
register-standing-rejected = odrzucone
register-standing-withdrawn = wycofane
register-reason = Powód
register-duplicate-fide = Znamy już zgłoszenie lub zawodnika z tym samym FIDE ID: organizatorzy to sprawdzą.
register-duplicate-name = Znamy już zgłoszenie lub zawodnika o tym samym nazwisku i dacie urodzenia: organizatorzy to sprawdzą.
register-keep-link = Każdy, kto ma ten link, może zobaczyć i wycofać to zgłoszenie.
register-withdraw = Wycofaj moje zgłoszenie
admin-registration-title = Zgłoszenia
admin-registration-public-form = Formularz publiczny
admin-registration-none = Ten turniej nie przyjmuje jeszcze zgłoszeń online: ustaw formularz poniżej.
admin-registration-accept = Przyjmij
admin-registration-reject = Odrzuć
admin-registration-move = Przenieś
admin-registration-accepted-as = przyjęte (zawodnik { $player })
admin-registration-by-arbiter = wpisane przez sędziego
admin-registration-claims = deklaruje { $tags }
admin-registration-same-fide = to samo FIDE ID co { $who }
admin-registration-same-name = to samo nazwisko i data urodzenia co { $who }
admin-registration-promoted = { $who } dostaje miejsce
admin-registration-set = Ustawienia zgłoszeń zapisane.
admin-registration-settings = Formularz zgłoszeń
admin-registration-opens = Otwarcie (RRRR-MM-DD GG:MM, "" od razu)
admin-registration-closes = Termin (RRRR-MM-DD GG:MM)
admin-registration-late-until = Spóźnione zgłoszenia do
admin-registration-utc-offset = Przesunięcie względem UTC
admin-registration-sections = Oferowane grupy
admin-registration-cap = Miejsca (limit)
admin-registration-fields = Pola formularza
admin-registration-required = Pola wymagane
