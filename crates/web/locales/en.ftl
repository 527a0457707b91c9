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
