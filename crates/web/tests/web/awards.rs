//! Prizes and fees through the desk: the public prizes page and its JSON,
//! the back office's ledger and payments.

use arbiter_web::Role;
use axum::http::StatusCode;

use crate::common::{TestServer, urlencode};

/// Two players (ids 1 and 2, rated 2400 and 2300), two rounds; round 1
/// played: 1 beats 2. A plan of 100 / 50 / 25 EUR, an entry fee of 20 EUR
/// with 30 EUR of sponsors. Returns the session.
async fn two_players(t: &TestServer) -> (String, String) {
    t.add_user("anna", Role::Administrator);
    let (cookie, csrf) = t.login("anna").await;
    let post = |path: &str, form: String| {
        let (cookie, csrf) = (cookie.clone(), csrf.clone());
        let path = path.to_string();
        async move { t.post(&path, &cookie, &csrf, &form, false).await }
    };
    post("/admin/new", "file=cup&name=Cup&rounds=2".into()).await;
    let csv = "name,rating\n\"Alpha, Anna\",2400\n\"Beta, Bruno\",2300\n";
    post(
        "/admin/e/cup/main/import",
        format!("csv={}", urlencode(csv)),
    )
    .await;
    let r = post("/admin/e/cup/main/pair", String::new()).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    post(
        "/admin/e/cup/main/round/1/result",
        "board=1&result=1-0".into(),
    )
    .await;
    let plan = "currency = \"EUR\"\nsharing = \"none\"\n\
                [[prize]]\nlabel = \"1st\"\nplace = 1\namount = 100\n\
                [[prize]]\nlabel = \"2nd\"\nplace = 2\namount = 50\n\
                [[prize]]\nlabel = \"3rd\"\nplace = 3\namount = 25\n";
    let r = post(
        "/admin/e/cup/prizes",
        format!("section=main&plan={}", urlencode(plan)),
    )
    .await;
    assert!(
        r.body.contains("Prize plan of main recorded."),
        "{}",
        r.body
    );
    let fees = "currency = \"EUR\"\nbase = 20\nsponsors = 30\n";
    let r = post("/admin/e/cup/fees", format!("schedule={}", urlencode(fees))).await;
    assert!(
        r.body.contains("The entry fees are recorded."),
        "{}",
        r.body
    );
    (cookie, csrf)
}

#[tokio::test]
async fn the_prizes_page_shows_winners_and_who_can_still_win() {
    let t = TestServer::new();
    let (cookie, csrf) = two_players(&t).await;
    let page = t.get("/e/cup/main/prizes").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("After round 1 of 2"), "{}", page.body);
    assert!(page.body.contains("Provisional"));
    let row = |prize: &str, name: &str, amount: &str| {
        format!("<td>{prize}</td>\n  <td class=\"name\"><a href=\"/e/cup/main/player/")
            + &format!(
                "{}\">{name}</a></td>\n  <td class=\"num\">{amount}</td>",
                if name.starts_with("Alpha") { 1 } else { 2 }
            )
    };
    assert!(
        page.body.contains(&row("1st", "Alpha, Anna", "100.00")),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(&row("2nd", "Beta, Bruno", "50.00")),
        "{}",
        page.body
    );
    // Two players for three places: the 3rd prize is void (both already
    // hold a prize; prizes are not cumulative), and says why in the page's
    // language.
    assert!(
        page.body.contains(
            "<li>3rd <span class=\"muted\">(overall: no eligible player left (the others already hold a prize))</span></li>"
        ),
        "{}",
        page.body
    );
    for (lang, why) in [
        (
            "it",
            "(assoluto: nessun giocatore idoneo rimasto (gli altri hanno già un premio))",
        ),
        (
            "pl",
            "(klasyfikacja generalna: nie ma już uprawnionych zawodników (pozostali mają już nagrodę))",
        ),
        (
            "ru",
            "(общий зачёт: подходящих участников не осталось (остальные уже получили приз))",
        ),
    ] {
        let page = t.get(&format!("/e/cup/main/prizes?lang={lang}")).await;
        assert!(page.body.contains(why), "{lang}: {}", page.body);
    }
    // Fund: 20 EUR collected so far? Nothing paid yet: sponsors only.
    assert!(
        page.body
            .contains("Prize fund: 30.00 EUR (entry fees 0.00, sponsors 30.00)"),
        "{}",
        page.body
    );
    // With a round to go, Bruno (0 points, at most 1) can still reach
    // Anna's 1 point: both can still win the first prize.
    assert!(page.body.contains("Who can still win"));
    assert!(
        page.body
            .contains("<td>1st</td><td class=\"name\">Alpha, Anna; Beta, Bruno</td>"),
        "{}",
        page.body
    );

    let json = t.json("/e/cup/main/prizes").await;
    assert_eq!(json["rounds_complete"], 1);
    let awards = json["allocation"]["awards"].as_array().unwrap();
    assert_eq!(awards.len(), 2);
    assert_eq!(
        (awards[0]["name"].as_str(), awards[0]["amount"].as_str()),
        (Some("Alpha, Anna"), Some("100.00"))
    );
    assert_eq!(json["allocation"]["void"][0]["prize"], "3rd");
    assert_eq!(json["fund"]["total"], "30.00");

    // In Italian, amounts with a decimal comma.
    let it = t.get("/e/cup/main/prizes?lang=it").await;
    assert!(
        it.body.contains("<td class=\"num\">100,00</td>"),
        "{}",
        it.body
    );
    assert!(it.body.contains("Importo (EUR)"));
    assert!(it.body.contains("Dopo il turno 1 di 2"));

    // A payment of Anna's fee: the ledger and the fund follow.
    let r = t
        .post(
            "/admin/e/cup/pay",
            &cookie,
            &csrf,
            "player=1&amount=20&method=cash&note=r1",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(
        r.body
            .contains("Payment of 20.00 from Alpha, Anna recorded."),
        "{}",
        r.body
    );
    let ledger = t
        .get_with("/admin/e/cup/awards", &[("cookie", &cookie)])
        .await;
    assert!(
        ledger
            .body
            .contains("Prize fund: 50.00 EUR (entry fees 20.00, sponsors 30.00)"),
        "{}",
        ledger.body
    );
    // Totals: due 40, paid 20, outstanding 20.
    assert!(
        ledger.body.contains(
            "<th class=\"num\">40.00</th><th class=\"num\">20.00</th><th class=\"num\">20.00</th>"
        ),
        "{}",
        ledger.body
    );
    let log = t.get_with("/admin/e/cup/log", &[("cookie", &cookie)]).await;
    assert!(log.body.contains("web: anna: pay 1 20"), "{}", log.body);
}

#[tokio::test]
async fn a_refused_payment_names_its_field_and_records_nothing() {
    let t = TestServer::new();
    let (cookie, csrf) = two_players(&t).await;
    let r = t
        .post(
            "/admin/e/cup/pay?lang=pl",
            &cookie,
            &csrf,
            "player=1&amount=1%2C50",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body
            .contains("Wartość pola „Kwota” nie została przyjęta."),
        "{}",
        r.body
    );
    assert!(
        r.body.contains("value=\"1,50\""),
        "the form keeps the input"
    );
    let ledger = t
        .get_with("/admin/e/cup/awards", &[("cookie", &cookie)])
        .await;
    assert!(ledger.body.contains("entry fees 0.00"), "{}", ledger.body);
    // No plan in a section (the demo festival's group B): the page says so.
    let t2 = TestServer::with_demo();
    let none = t2.get("/e/festival/B/prizes").await;
    assert_eq!(none.status, StatusCode::OK);
    assert!(
        none.body
            .contains("No prizes are published for this section.")
    );
    assert_eq!(
        t2.get("/e/festival/Z/prizes").await.status,
        StatusCode::NOT_FOUND
    );
}

/// Fees per team on the demo's team cup: the cash desk and the ledger ask
/// for a team's id, not a player's, in every language, and a payment names
/// the team.
#[tokio::test]
async fn fees_per_team_ask_for_a_team_id() {
    let t = TestServer::with_demo();
    t.add_user("anna", Role::Administrator);
    let (cookie, csrf) = t.login("anna").await;
    let fees = "currency = \"PLN\"\nper = \"team\"\nbase = 30\n";
    let r = t
        .post(
            "/admin/e/team-cup/fees",
            &cookie,
            &csrf,
            &format!("schedule={}", urlencode(fees)),
            false,
        )
        .await;
    assert!(
        r.body.contains("The entry fees are recorded."),
        "{}",
        r.body
    );
    for (lang, label) in [
        ("en", "Team id"),
        ("it", "Id squadra"),
        ("pl", "Id drużyny"),
        ("ru", "Id команды"),
    ] {
        let page = t
            .get_with(
                &format!("/admin/e/team-cup/awards?lang={lang}"),
                &[("cookie", &cookie)],
            )
            .await;
        assert!(
            page.body
                .contains(&format!("<label>{label} <input name=\"player\"")),
            "{lang}: {}",
            page.body
        );
        assert!(
            page.body
                .contains(&format!("<th class=\"num\">{label}</th>")),
            "{lang}"
        );
    }
    let r = t
        .post(
            "/admin/e/team-cup/pay",
            &cookie,
            &csrf,
            "player=1&amount=30&method=cash",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(
        r.body.contains("Payment of 30.00 from Rossi I recorded."),
        "{}",
        r.body
    );
}
