# Catalogo italiano delle pagine web di Arbiter.

app-name = Arbiter
nav-events = Tornei
nav-admin = Gestione
nav-login = Accedi
nav-logout = Esci
nav-language = Lingua
nav-print = Stampa
nav-projector = Vista proiettore
footer-text = Arbiter, gestione di tornei di scacchi
skip-to-content = Vai al contenuto

rounds-count = { $count ->
    [one] { $count } turno
   *[other] { $count } turni
}
players-count = { $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
}

events-title = Tornei
events-empty = Nessun torneo è ancora pubblicato qui.
events-col-name = Torneo
events-col-file = Indirizzo

live-connected = In diretta
live-offline = Non in linea: riconnessione…

login-title = Accesso
login-name = Nome utente
login-password = Password
login-submit = Accedi
login-failed = Nome utente o password errati.
login-throttled = Troppi tentativi falliti: attendi { $seconds } secondi e riprova.
logged-in-as = Connesso come { $name }

admin-title = Gestione
admin-your-events = I tuoi tornei
admin-no-events = Non hai ancora nessun torneo.
role-administrator = amministratore
role-arbiter = arbitro

error-title = Qualcosa è andato storto
error-back = Torna ai tornei
error-not-found = Non trovato: { $what }
error-page-not-found = Non esiste una pagina a questo indirizzo.
error-bad-event-name = "{ $name }" non è un nome di torneo (lettere, cifre, "-" e "_", al massimo 64).
error-csrf = Il modulo è scaduto o proviene da un altro sito; ricarica la pagina e riprova.
error-login-required = Accedi per usare la gestione.
error-forbidden = Il tuo account non può modificare questo torneo.
error-internal = Errore interno; i dettagli sono nel registro del server.
error-bad-request = Richiesta non valida: { $detail }

weekday-1 = lun
weekday-2 = mar
weekday-3 = mer
weekday-4 = gio
weekday-5 = ven
weekday-6 = sab
weekday-7 = dom
month-1 = gen
month-2 = feb
month-3 = mar
month-4 = apr
month-5 = mag
month-6 = giu
month-7 = lug
month-8 = ago
month-9 = set
month-10 = ott
month-11 = nov
month-12 = dic
date-medium = { $weekday } { $day } { $month } { $year }
