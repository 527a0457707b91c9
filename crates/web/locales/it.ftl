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

# Public pages of an event.
nav-section = Gruppo
nav-players = Giocatori
nav-standings = Classifica
nav-crosstable = Tabellone
nav-wallchart = Tabellone murale
nav-slips = Formulari dei risultati
round-short = T{ $round }
round-title = Turno { $round }
event-chief-arbiter = Arbitro principale
event-time-control = Cadenza
event-qr = Questa pagina sul telefono
event-sections = Gruppi
event-schedule = Calendario
col-section = Gruppo
col-system = Sistema
col-players = Giocatori
col-rounds = Turni
col-rating = Elo
col-fed = Fed
col-club = Circolo
col-board = Scacchiera
col-score = Punti
col-white = Bianco
col-black = Nero
col-result = Risultato
col-round = Turno
col-opponent = Avversario
withdrawn-from = ritirato dal turno { $round }
pairing-bye = bye (assegnato dall'abbinamento)
round-not-playing = Non giocano questo turno
round-edited = Questo turno è stato modificato a mano dall'arbitro.
standings-after = Dopo il turno
standings-latest = ultimo
standings-show = Mostra
crosstable-legend = 12w1: contro il numero 12 con il Bianco, vinta (½ patta, 0 persa); + e − a forfait; U bye dell'abbinamento; F bye di un punto; H bye di mezzo punto; Z bye a zero punti o assente.
card-no-opponent = nessun avversario
system-dutch = Sistema olandese FIDE
system-dutch-baku = Sistema olandese FIDE, accelerazione Baku
system-italo-swiss = Sistema italo-svizzero
system-round-robin = Girone all'italiana
system-double-round-robin = Doppio girone all'italiana
system-team-swiss = Sistema svizzero FIDE a squadre
absence-bye-full = bye di un punto
absence-bye-half = bye di mezzo punto
absence-bye-zero = assente, zero punti
absence-withdrawn = ritirato
absence-not-paired = non abbinato
slip-signature-white = Firma del Bianco
slip-signature-black = Firma del Nero
nav-teams = Squadre
teams-matches-of = Incontri del turno
col-team = Squadra
teams-empty-seat = posto vuoto
teams-absent = assente

# Back office.
admin-field = Campo { $field }:
admin-file-exists = Esiste già un torneo "{ $name }"; scegli un altro nome.
admin-new-event = Nuovo torneo
admin-file = Indirizzo (nome del file)
admin-event-name = Nome del torneo
admin-section-code = Codice del gruppo
admin-create = Crea
admin-tiebreaks = Spareggi
admin-scoring = Punti per vittoria, patta, sconfitta
admin-initial-colour = Colore del primo in lista al turno 1
admin-avoid-team = Non abbinare compagni di squadra
admin-public-page = Pagina pubblica
admin-log = Registro
admin-undo = Annulla l'ultima azione
admin-undone = Annullato: { $what }
admin-add-section = Aggiungi un gruppo
admin-log-when = Quando (UTC)
admin-log-command = Comando
admin-log-entries = Voci
admin-undone-by = annullata da { $seq }
admin-correction = correzione
admin-event = Torneo
admin-section = Gruppo
admin-pair-round = Abbina il turno { $round }
admin-check-in = Presenze prima del turno { $round }
admin-present = Presente
admin-check-in-submit = Gli assenti ricevono un bye a zero punti
admin-checked-in = { $count } assenti hanno ricevuto un bye a zero punti.
admin-withdraw = Ritira
admin-reinstate = Reintegra
admin-withdrawn = { $name } ritirato.
admin-reinstated = { $name } reintegrato.
admin-add-player = Aggiungi un giocatore
admin-player-added = { $name } aggiunto.
admin-title-field = Titolo
admin-born = Nascita
admin-fide-id = Codice FIDE
admin-import = Importa giocatori
admin-import-csv = CSV (intestazione: name,rating,title,sex,born,fed,fide-id,club,team)
admin-players-imported = { $count } giocatori importati.
admin-byes = Bye
admin-player-id = Id giocatore
admin-cancel = annulla
admin-set = Registra
admin-bye-set = Bye di { $name } registrato.
admin-forbid = Coppie vietate
admin-forbidden = { $names } non saranno mai abbinati.
admin-result-keys = Tasti: 1 = 1-0, 0 = 0-1, = o 5 = ½-½, + = +/-, - = -/+, * = -/-; Esc o b: scegli la scacchiera, Invio: torna al risultato.
admin-result-saved = Registrata la scacchiera
admin-result-corrected = Corretta la scacchiera
admin-round-complete = Tutte le scacchiere hanno il risultato.
admin-details = Dati del torneo
admin-details-set = I dati sono registrati.
admin-keep-empty = I campi vuoti restano invariati.
admin-city = Città
admin-start = Inizio (AAAA-MM-GG)
admin-end = Fine (AAAA-MM-GG)
admin-deputies = Vice arbitri (separati da virgole)
admin-round-dates = Data di ogni turno (separate da virgole)
admin-update-player = Modifica un giocatore
admin-player-updated = { $name } modificato.
admin-settings = Impostazioni del gruppo
admin-settings-set = Impostazioni di { $section } registrate.
admin-set-pairing = Imposta una scacchiera a mano
admin-empty-bye = vuoto: bye
admin-override = Consenti una coppia vietata o un secondo incontro (registrato)
admin-override-hint = spunta la deroga per abbinarli comunque; il registro lo annota

# Errori del livello applicativo: una frase per tipo, il campo con la sua etichetta.
desk-error-invalid-field = Valore non accettato nel campo «{ $field }».
desk-error-invalid = Dati non accettati.
desk-error-not-found = Ciò che la richiesta indica non esiste.
desk-error-refused = Le regole non consentono questa richiesta; non è stato registrato nulla.
desk-error-conflict = Un altro utente ha continuato a modificare il torneo; non è stato registrato nulla. Riprova.
desk-error-storage = Il file del torneo non può essere letto o scritto.
desk-error-no-pairing = Nessun abbinamento rispetta i criteri assoluti; imposta le scacchiere a mano.
desk-error-size-limit = È superato un limite di dimensione.
desk-error-internal = Errore interno; il registro del server ha i dettagli.
field-name = Nome
field-rapid = Elo rapid
field-blitz = Elo blitz
field-national = Elo nazionale
field-sex = Sesso
field-team = Squadra
field-tags = Etichette
field-acceleration = Accelerazione
field-amount = Importo
field-method = Modalità
field-note = Nota

# Premi e quote.
nav-prizes = Premi
prizes-none = Per questo gruppo non sono pubblicati premi.
prizes-after = Dopo il turno { $complete } di { $rounds }
prizes-provisional = Provvisorio: i premi seguono la classifica finale.
col-prize = Premio
col-player = Giocatore
col-amount = Importo
prizes-void = Non assegnato
prizes-fund = Montepremi: { $total } { $currency } (quote { $fees }, sponsor { $sponsors })
prizes-still-possible = Chi può ancora vincere
prizes-nobody = più nessuno
admin-awards = Premi e quote
admin-fees-none = Non sono impostate quote d'iscrizione.
admin-fees-set = Le quote d'iscrizione sono registrate.
admin-fee-schedule = Quote d'iscrizione (TOML)
admin-prize-plan = Piano dei premi (TOML)
admin-plan-set = Piano dei premi di { $section } registrato.
col-due = Dovuto
col-paid = Pagato
col-outstanding = Da pagare
col-fee-rule = Quota
admin-total = Totale
admin-pay = Registra un pagamento
admin-pay-method = Modalità
method-cash = contanti
method-card = carta
method-transfer = bonifico
admin-paid = Pagamento di { $amount } da { $name } registrato.

# Vedere un abbinamento prima di pubblicarlo.
admin-propose-round = Proponi il turno { $round }
admin-proposal-title = Abbinamento proposto del turno { $round }
admin-proposal-note = Non è ancora registrato nulla: pubblica questo abbinamento o scartalo.
admin-publish = Pubblica
admin-discard = Scarta
admin-players-csv = Giocatori (CSV)
