//! Browser tests in headless Chromium: what an arbiter and a player see.
//! Screenshots of the main pages go to `target/screenshots/`.

use std::time::Duration;

use arbiter_web::Role;
use fantoccini::key::Key;
use fantoccini::wd::{PrintConfiguration, PrintSize};
use fantoccini::{Client, Locator};

use crate::common::PASSWORD;
use crate::common::browser::{Driver, LiveServer, screenshot_dir, shot, text, wait_for_text};

/// Logs `name` in through the login form.
async fn log_in(client: &Client, server: &LiveServer, name: &str) {
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

pub(crate) async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
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
