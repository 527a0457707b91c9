# English catalogue of the Arbiter web pages. Every message id exists in
# all four catalogues (a unit test checks it).

app-name = Arbiter
nav-events = Events
nav-admin = Back office
nav-login = Log in
nav-logout = Log out
nav-language = Language
nav-print = Print
nav-projector = Projector view
footer-text = Arbiter, chess tournament manager
skip-to-content = Skip to content

rounds-count = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
players-count = { $count ->
    [one] { $count } player
   *[other] { $count } players
}

events-title = Events
events-empty = No event is published here yet.
events-col-name = Event
events-col-file = Address

live-connected = Live
live-offline = Offline: reconnecting…
live-unsent = Changed here, not sent yet

login-title = Log in
login-name = User name
login-password = Password
login-submit = Log in
login-failed = Wrong user name or password.
login-throttled = Too many failed attempts: wait { $seconds } seconds and try again.
logged-in-as = Logged in as { $name }

admin-title = Back office
admin-your-events = Your events
admin-no-events = You have no event yet.
role-administrator = administrator
role-arbiter = arbiter

error-title = Something went wrong
error-back = Back to the events
error-not-found = Not found: { $what }
error-page-not-found = There is no page at this address.
error-bad-event-name = "{ $name }" is not an event name (letters, digits, "-" and "_", at most 64).
error-csrf = The form is out of date or came from another site; reload the page and try again.
error-login-required = Log in to use the back office.
error-forbidden = Your account may not change this event.
error-internal = Internal error; the server's log has the details.
error-bad-request = The request is invalid: { $detail }

weekday-1 = Mon
weekday-2 = Tue
weekday-3 = Wed
weekday-4 = Thu
weekday-5 = Fri
weekday-6 = Sat
weekday-7 = Sun
month-1 = Jan
month-2 = Feb
month-3 = Mar
month-4 = Apr
month-5 = May
month-6 = Jun
month-7 = Jul
month-8 = Aug
month-9 = Sep
month-10 = Oct
month-11 = Nov
month-12 = Dec
date-medium = { $weekday } { $day } { $month } { $year }

# Public pages of an event.
nav-section = Section
nav-players = Players
nav-standings = Standings
nav-crosstable = Crosstable
nav-wallchart = Wall chart
nav-slips = Result slips
round-short = R{ $round }
round-title = Round { $round }
event-chief-arbiter = Chief arbiter
event-time-control = Time control
event-qr = This page on your phone
event-sections = Sections
event-schedule = Schedule
col-section = Section
col-system = System
col-players = Players
col-rounds = Rounds
col-rating = Rating
col-fed = Fed
col-club = Club
col-board = Board
col-score = Pts
col-points = Points
col-white = White
col-black = Black
col-result = Result
col-round = Round
col-opponent = Opponent
withdrawn-from = withdrawn from round { $round }
pairing-bye = bye (pairing-allocated)
round-not-playing = Not playing this round
round-edited = This round was changed by hand by the arbiter.
standings-after = After round
standings-latest = latest
standings-show = Show
crosstable-legend = 12w1: against pairing number 12 with White, won (½ drawn, 0 lost); + and − forfeits; U pairing-allocated bye; F full-point bye; H half-point bye; Z zero-point bye or absent.
card-no-opponent = no opponent
system-dutch = FIDE Dutch system
system-dutch-baku = FIDE Dutch system, Baku acceleration
system-italo-swiss = Italo-Swiss system
system-round-robin = Round robin
system-double-round-robin = Double round robin
system-team-swiss = FIDE Swiss Team Pairing System
absence-bye-full = full-point bye
absence-bye-half = half-point bye
absence-bye-zero = absent, zero points
absence-withdrawn = withdrawn
absence-not-paired = not paired
slip-signature-white = White's signature
slip-signature-black = Black's signature
nav-teams = Teams
teams-matches-of = Matches of round
col-team = Team
teams-empty-seat = empty seat
teams-absent = absent

# Back office.
admin-field = Field { $field }:
admin-file-exists = An event file "{ $name }" already exists; choose another name.
admin-new-event = New event
admin-file = Address (file name)
admin-event-name = Name of the event
admin-section-code = Section code
admin-create = Create
admin-tiebreaks = Tie-breaks
admin-scoring = Points for win, draw, loss
admin-initial-colour = Colour of the top seed in round 1
admin-avoid-team = Never pair team-mates
admin-public-page = Public page
admin-log = Log
admin-undo = Undo the latest action
admin-undone = Undone: { $what }
admin-add-section = Add a section
admin-log-when = When (UTC)
admin-log-command = Command
admin-log-entries = Entries
admin-undone-by = undone by { $seq }
admin-correction = correction
admin-event = Event
admin-section = Section
admin-pair-round = Pair round { $round }
admin-check-in = Check-in before round { $round }
admin-present = Present
admin-check-in-submit = Absent players get a zero-point bye
admin-checked-in = { $count } absent players got a zero-point bye.
admin-withdraw = Withdraw
admin-reinstate = Reinstate
admin-withdrawn = { $name } withdrawn.
admin-reinstated = { $name } reinstated.
admin-add-player = Add a player
admin-player-added = { $name } added.
admin-title-field = Title
admin-born = Born
admin-fide-id = FIDE id
admin-import = Import players
admin-import-csv = CSV (header: name,rating,title,sex,born,fed,fide-id,club,team)
admin-players-imported = { $count } players imported.
admin-byes = Byes
admin-player-id = Player id
admin-team-id = Team id
admin-cancel = cancel
admin-set = Record
admin-bye-set = Bye of { $name } recorded.
admin-forbid = Forbidden pairs
admin-forbidden = { $names } will never be paired.
admin-result-keys = Keys: 1 = 1-0, 0 = 0-1, = or 5 = ½-½, + = +/-, - = -/+, * = -/-; Esc or b: choose a board, Enter: back to the result.
admin-result-saved = Recorded board
admin-result-corrected = Corrected board
admin-round-complete = Every board has its result.
admin-result-team-board = A board is match.board: 2.1 is board 1 of match 2.
admin-details = Event details
admin-details-set = The details are recorded.
admin-keep-empty = Empty fields keep their value.
admin-city = City
admin-start = Start (YYYY-MM-DD)
admin-end = End (YYYY-MM-DD)
admin-deputies = Deputy arbiters (comma-separated)
admin-round-dates = Date of each round (comma-separated)
admin-update-player = Change a player
admin-player-updated = { $name } changed.
admin-settings = Section settings
admin-settings-set = Settings of { $section } recorded.
admin-set-pairing = Set a board by hand
admin-empty-bye = empty: bye
admin-override = Allow a forbidden pair or a rematch (logged)
admin-override-hint = tick the override to pair them anyway; the log records it

# Errors of the application layer: a sentence by kind, the field by its label.
desk-error-invalid-field = The value of “{ $field }” is not accepted.
desk-error-invalid = The input is not accepted.
desk-error-not-found = What the request names does not exist.
desk-error-refused = The rules refuse this request; nothing was recorded.
desk-error-conflict = Another user kept changing the event; nothing was recorded. Try again.
desk-error-storage = The event file cannot be read or written.
desk-error-no-pairing = No pairing satisfies the absolute criteria; set the boards by hand.
desk-error-size-limit = A size limit is exceeded.
desk-error-internal = Internal error; the server's log has the details.
field-name = Name
field-rapid = Rapid rating
field-blitz = Blitz rating
field-national = National rating
field-sex = Sex
field-team = Team
field-tags = Tags
field-acceleration = Acceleration
field-amount = Amount
field-method = Method
field-note = Note

# Prizes and fees.
nav-prizes = Prizes
prizes-none = No prizes are published for this section.
prizes-after = After round { $complete } of { $rounds }
prizes-provisional = Provisional: the prizes go by the final standings.
col-prize = Prize
col-player = Player
col-amount = Amount
prizes-void = Not awarded
prizes-overall = overall
void-too-few-entrants = { $category }: { $played ->
        [one] { $played } player of the category played
       *[other] { $played } players of the category played
    }, at least { $min } required
void-no-eligible = { $category }: no eligible player
void-all-eligible-hold = { $category }: no eligible player left (the others already hold a prize)
void-fewer-than-place = { $category }: only { $eligible ->
        [one] { $eligible } eligible player
       *[other] { $eligible } eligible players
    }
prizes-fund = Prize fund: { $total } { $currency } (entry fees { $fees }, sponsors { $sponsors })
prizes-still-possible = Who can still win
prizes-nobody = nobody any more
admin-awards = Prizes and fees
admin-fees-none = No entry fees are set.
admin-fees-set = The entry fees are recorded.
admin-fee-schedule = Entry fees (TOML)
admin-prize-plan = Prize plan (TOML)
admin-plan-set = Prize plan of { $section } recorded.
col-due = Due
col-paid = Paid
col-outstanding = Outstanding
col-fee-rule = Fee
admin-total = Total
admin-pay = Record a payment
admin-pay-method = Method
method-cash = cash
method-card = card
method-transfer = bank transfer
admin-paid = Payment of { $amount } from { $name } recorded.

# Looking at a pairing before publishing it.
admin-propose-round = Propose round { $round }
admin-proposal-title = Proposed pairing of round { $round }
admin-proposal-note = Nothing is recorded yet: publish this pairing, or discard it.
admin-publish = Publish
admin-discard = Discard
admin-players-csv = Players (CSV)

# Online pre-registration (issue 15)
event-register = Register online
register-title = Registration
register-event-page = Event page
register-deadline = Pre-registration until { $deadline }
register-late = The pre-registration deadline has passed: entries now are late entries.
register-not-open = Registration opens { $opens }.
register-closed = Registration is closed.
register-fees = Entry fee
register-fee = Fee
register-fee-free = free
register-fee-percent = { $percent }% of the fee
register-fee-at-least = at least { $amount }
register-section = Section
register-places-left = { $left } of { $cap } places left
register-waiting-list = full: { $waiting } on the waiting list
register-field-name = Name (Lastname, Firstname)
register-field-fide-id = FIDE ID
register-field-born = Date of birth
register-field-sex = Sex (m/w)
register-field-fed = Federation
register-field-club = Club
register-field-email = E-mail
register-field-phone = Phone
register-tags = I am entitled to
register-honeypot = Leave this field empty
register-privacy = Your e-mail and phone are seen by the organisers only.
register-submit = Register
register-refused-robot = The form was not filled in by a person.
register-throttled = Too many registrations from your address: wait { $seconds } seconds and try again.
register-status-title = Your registration
register-confirmation = Your registration is recorded. Keep the address of this page: it is your private link to follow and withdraw it.
register-number = Number
register-submitted = Submitted
register-late-entry = late
register-standing = Status
register-standing-place = a place is held for you
register-standing-waiting = on the waiting list, number { $position }
register-standing-accepted = accepted: you are registered
register-standing-rejected = rejected
register-standing-withdrawn = withdrawn
register-reason = Reason
register-duplicate-fide = An entry or a player with the same FIDE ID is already known: the organisers will check.
register-duplicate-name = An entry or a player with the same name and date of birth is already known: the organisers will check.
register-keep-link = Anyone with this link can see and withdraw this registration.
register-withdraw = Withdraw my registration
admin-registration-title = Registrations
admin-registration-public-form = Public form
admin-registration-none = This event takes no online registrations yet: set the form up below.
admin-registration-accept = Accept
admin-registration-reject = Reject
admin-registration-move = Move
admin-registration-accepted-as = accepted (player { $player })
admin-registration-by-arbiter = entered by the arbiter
admin-registration-claims = claims { $tags }
admin-registration-same-fide = same FIDE ID as { $who }
admin-registration-same-name = same name and birth date as { $who }
admin-registration-promoted = { $who } moves up to a place
admin-registration-set = Registration settings saved.
admin-registration-settings = Registration form
admin-registration-opens = Opens (YYYY-MM-DD HH:MM, "" for at once)
admin-registration-closes = Deadline (YYYY-MM-DD HH:MM)
admin-registration-late-until = Late entries until
admin-registration-utc-offset = Offset from UTC
admin-registration-sections = Sections offered
admin-registration-cap = Places (cap)
admin-registration-fields = Fields asked
admin-registration-required = Fields required

# Back office of a team section.
admin-teams-title = Teams and matches
admin-pair-matches = Pair round { $round } of matches
admin-team-players = Players (board order)
admin-team-family = Family or club
admin-team-absent-in = absent in round { $rounds }
admin-team-reserves = Reserves
admin-team-captain = Captain
admin-team-tags = Tags (comma-separated)
admin-add-team = Register a team
admin-team-player-ids = Player ids in board order (boards: { $boards }, then reserves)
admin-team-added = Team { $name } registered.
admin-team-status = Absence, withdrawal, tags
admin-team-absent-next = Absent in round { $round }
admin-team-withdraw-next = Withdraw from round { $round }
admin-team-out-absent = { $team } is not paired in round { $round }.
admin-team-out-withdrawn = { $team } is withdrawn from round { $round }.
admin-team-tag = Add tag
admin-team-untag = Remove tag
admin-team-retagged = Tags of { $team }: { $tags }.
admin-team-no-tags = none
admin-lineup = Line-up for round { $round }
admin-lineup-set = Round { $round }: { $team } lines up { $players }.
admin-match = Match { $match }
admin-forfeited = forfeited
admin-forfeit-match = Whole match forfeited
admin-forfeit-wins = { $team } wins
admin-forfeit-double = both teams lose
admin-team-bye = { $team } has the pairing-allocated bye.
