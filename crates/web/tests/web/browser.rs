//! Browser tests in headless Chromium: what an arbiter and a player see.
//! Screenshots of the main pages go to `target/screenshots/`.

use std::time::Duration;

use arbiter_web::Role;
use fantoccini::key::Key;
use fantoccini::wd::{PrintConfiguration, PrintSize};
use fantoccini::{Client, Locator};

use crate::common::PASSWORD;
use crate::common::browser::{
    Driver, LiveServer, on_fresh, screenshot_dir, shot, text, wait_for_text,
};

/// Logs `name` in through the login form.
pub(crate) async fn log_in(client: &Client, server: &LiveServer, name: &str) {
    client
        .goto(&server.url("/login"))
        .await
        .expect("login page");
    fill(client, "input[name=name]", name).await;
    fill(client, "input[name=password]", PASSWORD).await;
    click(client, "form.stack button[type=submit]").await;
    wait_for_text(client, "main h1", "", Duration::from_secs(10)).await;
    assert_eq!(client.current_url().await.unwrap().path(), "/admin");
}

pub(crate) async fn fill(client: &Client, css: &str, value: &str) {
    let el = client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
    el.clear().await.expect("cleared");
    el.send_keys(value).await.expect("typed");
}

/// Clicks `css` (found again if a live swap made it stale).
pub(crate) async fn click(client: &Client, css: &str) {
    on_fresh(client, css, |el| async move { el.click().await }).await;
}

async fn print_pdf(client: &Client, name: &str) -> Vec<u8> {
    let pdf = client
        .print(
            PrintConfiguration::builder()
                .size(PrintSize::A4)
                .build()
                .unwrap(),
        )
        .await
        .expect("print");
    assert!(pdf.starts_with(b"%PDF"), "{name}: not a PDF");
    std::fs::write(screenshot_dir().join(format!("{name}.pdf")), &pdf).unwrap();
    pdf
}

/// The arbiter's day: create an event, import players, pair, enter every
/// result by keyboard — while a player's phone shows the standings change
/// without a reload, in four languages; then print.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arbiter_runs_a_round_while_a_player_watches() {
    let server = LiveServer::start().await;
    server.test.add_user("anna", Role::Administrator);
    let mut driver = Driver::start().await;
    let desk = driver.session(1280, 900, "en").await;

    log_in(&desk, &server, "anna").await;
    fill(&desk, "#new-event input[name=file]", "rapid").await;
    fill(&desk, "#new-event input[name=name]", "Rapid <Test>").await;
    fill(&desk, "#new-event input[name=rounds]", "3").await;
    click(&desk, "#new-event button[type=submit]").await;
    wait_for_text(&desk, "main h1", "Rapid <Test>", Duration::from_secs(10)).await;
    assert_eq!(desk.current_url().await.unwrap().path(), "/admin/e/rapid/");

    desk.goto(&server.url("/admin/e/rapid/main/"))
        .await
        .unwrap();
    let csv = "name,rating,fed\n\"Rossi, Mario\",2200,ITA\n\"Nowak, Jan\",2150,POL\n\"Ivanova, Olga\",2100,RUS\n\"Bianchi, Luca\",2050,ITA\n\"Kowalska, Anna\",2000,POL\n\"Petrov, Ivan\",1950,RUS\n\"Smith, John\",1900,ENG\n\"Ferrari, Sara\",1850,ITA\n";
    fill(&desk, "#import textarea[name=csv]", csv).await;
    click(&desk, "#import button[type=submit]").await;
    wait_for_text(
        &desk,
        ".notice",
        "8 players imported.",
        Duration::from_secs(10),
    )
    .await;
    shot(&desk, "admin-section-desktop").await;
    click(&desk, "#pair").await;
    wait_for_text(
        &desk,
        "main h1",
        "Proposed pairing of round 1",
        Duration::from_secs(10),
    )
    .await;
    shot(&desk, "admin-proposal-desktop").await;
    click(&desk, "#publish").await;
    wait_for_text(&desk, "main h1", "Round 1", Duration::from_secs(10)).await;

    // A player opens the standings on a phone.
    let phone = driver.session(360, 740, "en").await;
    phone
        .goto(&server.url("/e/rapid/main/standings"))
        .await
        .unwrap();
    wait_for_text(&phone, "#live-status", "Live", Duration::from_secs(5)).await;
    assert!(text(&phone, "#standings-title").await.contains("round 0"));
    phone
        .execute("window.notReloaded = true", vec![])
        .await
        .unwrap();

    // Every result by keyboard: one key per board, the next board follows.
    let result = desk.find(Locator::Css("#quick-result")).await.unwrap();
    result.click().await.unwrap();
    shot(&desk, "admin-round-entry-desktop").await;
    result.send_keys("1=0").await.unwrap();
    // A correction of board 2, jumping there with Escape.
    result.send_keys(&Key::Escape.to_string()).await.unwrap();
    let board = desk.find(Locator::Css("#quick-board")).await.unwrap();
    board.send_keys("2").await.unwrap();
    board.send_keys(&Key::Enter.to_string()).await.unwrap();
    desk.find(Locator::Css("#quick-result"))
        .await
        .unwrap()
        .send_keys("1")
        .await
        .unwrap();
    wait_for_text(
        &desk,
        "#quick-status",
        "Corrected board 2",
        Duration::from_secs(5),
    )
    .await;
    // The last board.
    let left = desk
        .find(Locator::Css("#quick-board"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap();
    assert_eq!(
        left.as_deref(),
        Some("4"),
        "the next board without a result"
    );
    desk.find(Locator::Css("#quick-result"))
        .await
        .unwrap()
        .send_keys("0")
        .await
        .unwrap();
    wait_for_text(
        &desk,
        "#quick-status",
        "Every board has its result.",
        Duration::from_secs(5),
    )
    .await;
    let corrected = desk
        .find_all(Locator::Css("#entry tr.corrected"))
        .await
        .unwrap();
    assert_eq!(corrected.len(), 1, "the corrected board is marked");
    shot(&desk, "admin-round-done-desktop").await;

    // The phone's standings changed by themselves within 2 s.
    let took = wait_for_text(
        &phone,
        "#standings-title",
        "round 1",
        Duration::from_secs(2),
    )
    .await;
    eprintln!("standings reached the phone {took:?} after the last result");
    let kept = phone
        .execute("return window.notReloaded === true", vec![])
        .await
        .unwrap();
    assert_eq!(
        kept,
        serde_json::Value::Bool(true),
        "the page was not reloaded"
    );
    shot(&phone, "standings-live-phone").await;

    // The four languages through the switch.
    for (code, title) in [
        ("it", "Classifica dopo il turno 1"),
        ("pl", "Klasyfikacja po rundzie 1"),
        ("ru", "Турнирная таблица после 1-го тура"),
        ("en", "Standings after round 1"),
    ] {
        click(&phone, &format!(".langs a[hreflang={code}]")).await;
        wait_for_text(&phone, "#standings-title", title, Duration::from_secs(5)).await;
        let lang = phone
            .find(Locator::Css("html"))
            .await
            .unwrap()
            .attr("lang")
            .await
            .unwrap();
        assert_eq!(lang.as_deref(), Some(code));
        shot(&phone, &format!("standings-phone-{code}")).await;
    }

    // Print preview: the pairings, the result slips, on A4.
    desk.goto(&server.url("/e/rapid/main/round/1"))
        .await
        .unwrap();
    print_pdf(&desk, "round-print").await;
    desk.goto(&server.url("/e/rapid/main/round/1/slips"))
        .await
        .unwrap();
    print_pdf(&desk, "slips-print").await;
    phone.close().await.unwrap();
    desk.close().await.unwrap();
}

/// Screenshots of the main public pages of the demo on a phone, a desktop
/// and a projector, and the printed wall chart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn main_pages_on_phone_desktop_and_projector() {
    let server = LiveServer::start().await;
    arbiter_web::demo::create(server.test.dir.path()).unwrap();
    let mut driver = Driver::start().await;
    let pages = [
        ("home", "/e/festival/"),
        ("round", "/e/festival/B/round/5"),
        ("standings", "/e/city-open/main/standings"),
        ("crosstable", "/e/city-open/main/crosstable"),
        ("player", "/e/city-open/main/player/9"),
    ];
    for (device, width, height, query) in [
        ("phone", 360, 740, ""),
        ("desktop", 1280, 900, ""),
        ("projector", 1920, 1080, "?view=projector"),
    ] {
        let client = driver.session(width, height, "en").await;
        for (name, path) in pages {
            client
                .goto(&server.url(&format!("{path}{query}")))
                .await
                .unwrap();
            wait_for_text(&client, "main h1", "", Duration::from_secs(5)).await;
            let scroll: i64 = client
                .execute("return document.documentElement.scrollWidth", vec![])
                .await
                .unwrap()
                .as_i64()
                .unwrap();
            assert!(
                scroll <= i64::from(width),
                "{name} on {device}: {scroll} px wide"
            );
            shot(&client, &format!("{name}-{device}")).await;
        }
        if device == "desktop" {
            client
                .goto(&server.url("/e/city-open/main/wallchart"))
                .await
                .unwrap();
            print_pdf(&client, "wallchart-print").await;
        }
        client.close().await.unwrap();
    }
}

/// The page is no wider than the window.
async fn fits(client: &Client, width: u32, name: &str) {
    let scroll = client
        .execute("return document.documentElement.scrollWidth", vec![])
        .await
        .unwrap()
        .as_i64()
        .unwrap();
    assert!(scroll <= i64::from(width), "{name}: {scroll} px wide");
}

/// In Italian and Polish, on a desktop and a phone: the back office's
/// prizes and fees (a payment, a refused one with its field named), a
/// proposed pairing discarded then published after the check-in, and the
/// public prizes page with who can still win.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prizes_fees_and_a_proposed_pairing_in_other_languages() {
    let server = LiveServer::start().await;
    arbiter_web::demo::create(server.test.dir.path()).unwrap();
    server.test.add_user("anna", Role::Administrator);
    let mut driver = Driver::start().await;

    // The cash desk on a desktop, in Italian.
    let desk = driver.session(1280, 900, "it").await;
    log_in(&desk, &server, "anna").await;
    desk.goto(&server.url("/admin/e/city-open/awards"))
        .await
        .unwrap();
    wait_for_text(
        &desk,
        "#prize-fund",
        "Montepremi: 1375,00 EUR",
        Duration::from_secs(5),
    )
    .await;
    shot(&desk, "admin-awards-desktop-it").await;
    fill(&desk, "#pay input[name=player]", "36").await;
    fill(&desk, "#pay input[name=amount]", "25").await;
    click(&desk, "#pay button[type=submit]").await;
    wait_for_text(
        &desk,
        ".notice",
        "Pagamento di 25,00 da",
        Duration::from_secs(5),
    )
    .await;
    wait_for_text(
        &desk,
        "#prize-fund",
        "Montepremi: 1400,00 EUR",
        Duration::from_secs(5),
    )
    .await;
    fill(&desk, "#pay input[name=player]", "37").await;
    fill(&desk, "#pay input[name=amount]", "venti").await;
    click(&desk, "#pay button[type=submit]").await;
    wait_for_text(
        &desk,
        "#refusal",
        "Valore non accettato nel campo «Importo».",
        Duration::from_secs(5),
    )
    .await;
    shot(&desk, "admin-refusal-desktop-it").await;
    desk.goto(&server.url("/e/city-open/main/prizes"))
        .await
        .unwrap();
    wait_for_text(&desk, "#prizes", "1st place", Duration::from_secs(5)).await;
    shot(&desk, "prizes-desktop-it").await;

    // A new event on a phone: look at the pairing, discard it, check in,
    // publish.
    let phone = driver.session(360, 740, "it").await;
    log_in(&phone, &server, "anna").await;
    fill(&phone, "#new-event input[name=file]", "coppa").await;
    fill(&phone, "#new-event input[name=name]", "Coppa").await;
    fill(&phone, "#new-event input[name=rounds]", "3").await;
    click(&phone, "#new-event button[type=submit]").await;
    wait_for_text(&phone, "main h1", "Coppa", Duration::from_secs(10)).await;
    phone
        .goto(&server.url("/admin/e/coppa/main/"))
        .await
        .unwrap();
    let csv = "name,rating\n\"Rossi, Mario\",2200\n\"Nowak, Jan\",2150\n\"Ivanova, Olga\",2100\n\"Bianchi, Luca\",2050\n\"Kowalska, Anna\",2000\n\"Petrov, Ivan\",1950\n";
    fill(&phone, "#import textarea[name=csv]", csv).await;
    click(&phone, "#import button[type=submit]").await;
    wait_for_text(&phone, ".notice", "6", Duration::from_secs(10)).await;
    click(&phone, "#pair").await;
    wait_for_text(
        &phone,
        "main h1",
        "Abbinamento proposto del turno 1",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(
        text(&phone, "#proposal tbody tr:first-child td.name").await,
        "Rossi, Mario 2200"
    );
    fits(&phone, 360, "proposal").await;
    shot(&phone, "admin-proposal-phone-it").await;
    click(&phone, "#discard").await;
    wait_for_text(
        &phone,
        "#pair",
        "Proponi il turno 1",
        Duration::from_secs(5),
    )
    .await;
    let status = server.test.get("/e/coppa/main/round/1").await.status;
    assert_eq!(
        status,
        axum::http::StatusCode::NOT_FOUND,
        "discarded: nothing recorded"
    );
    // Petrov (id 6) does not report: unticked, he gets a zero-point bye.
    click(&phone, "#checkin input[name=present-6]").await;
    click(&phone, "#checkin > button[type=submit]").await;
    wait_for_text(&phone, ".notice", "1 assenti", Duration::from_secs(5)).await;
    click(&phone, "#pair").await;
    wait_for_text(&phone, "#proposal", "Petrov, Ivan", Duration::from_secs(5)).await;
    click(&phone, "#publish").await;
    wait_for_text(&phone, "main h1", "Turno 1", Duration::from_secs(10)).await;
    // A result typed in a terminal reaches the open back-office table.
    phone
        .execute("window.notReloaded = true", vec![])
        .await
        .unwrap();
    let mut cli = arbiter_desk::Desk::open(&server.test.event_path("coppa")).unwrap();
    cli.record_result(
        &arbiter_desk::Origin::new("arbiter result coppa.arb 1 1 1-0"),
        None,
        1,
        1,
        "1-0",
    )
    .unwrap();
    let took = wait_for_text(
        &phone,
        "#entry tr[data-board='1'] .shown",
        "1–0",
        Duration::from_secs(2),
    )
    .await;
    eprintln!("the terminal's result reached the back office {took:?} later");
    let kept = phone
        .execute("return window.notReloaded === true", vec![])
        .await
        .unwrap();
    assert_eq!(kept, serde_json::Value::Bool(true), "no reload");
    shot(&phone, "admin-round-published-phone-it").await;

    // The public prizes on a phone, in Polish: the open's winners, and a
    // festival group with rounds to go.
    let player = driver.session(360, 740, "pl").await;
    for (name, path, needle) in [
        ("home-schedule-phone-pl", "/e/city-open/", "16:00"),
        ("prizes-phone-pl", "/e/city-open/main/prizes", "Pula nagród"),
        (
            "prizes-still-possible-phone-pl",
            "/e/festival/A/prizes",
            "Kto może jeszcze wygrać",
        ),
    ] {
        player.goto(&server.url(path)).await.unwrap();
        wait_for_text(&player, "main", needle, Duration::from_secs(5)).await;
        fits(&player, 360, name).await;
        player
            .execute(
                "const c = document.querySelector('#contenders, ul.schedule'); if (c) c.scrollIntoView();",
                vec![],
            )
            .await
            .unwrap();
        shot(&player, name).await;
    }
    player.close().await.unwrap();
    phone.close().await.unwrap();
    desk.close().await.unwrap();
}
