//! Browser tests in headless Chromium: what an arbiter and a player see.
//! Screenshots of the main pages go to `target/screenshots/`.

use std::time::Duration;

use arbiter_web::Role;
use fantoccini::wd::{PrintConfiguration, PrintSize};
use fantoccini::{Client, Locator};

use crate::common::PASSWORD;
use crate::common::browser::{Driver, LiveServer, screenshot_dir, shot, text};

/// Logs `name` in through the login form.
async fn log_in(client: &Client, server: &LiveServer, name: &str) {
    client
        .goto(&server.url("/login"))
        .await
        .expect("login page");
    client
        .find(Locator::Css("input[name=name]"))
        .await
        .expect("name field")
        .send_keys(name)
        .await
        .expect("typed");
    client
        .find(Locator::Css("input[name=password]"))
        .await
        .expect("password field")
        .send_keys(PASSWORD)
        .await
        .expect("typed");
    client
        .find(Locator::Css("form.stack button[type=submit]"))
        .await
        .expect("submit")
        .click()
        .await
        .expect("clicked");
    client
        .wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css("main h1"))
        .await
        .expect("back office");
    assert_eq!(client.current_url().await.unwrap().path(), "/admin");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn log_in_switch_languages_and_print() {
    let server = LiveServer::start().await;
    server.test.add_user("anna", Role::Administrator);
    let mut driver = Driver::start().await;
    let desk = driver.session(1280, 800, "en").await;

    desk.goto(&server.url("/")).await.unwrap();
    shot(&desk, "events-desktop").await;
    log_in(&desk, &server, "anna").await;
    assert!(text(&desk, "main").await.contains("Logged in as anna"));

    // Each language through the switch in the header.
    for (code, heading) in [
        ("it", "Gestione"),
        ("pl", "Panel sędziego"),
        ("ru", "Судейская"),
        ("en", "Back office"),
    ] {
        desk.find(Locator::Css(&format!(".langs a[hreflang={code}]")))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let lang = desk
            .find(Locator::Css("html"))
            .await
            .unwrap()
            .attr("lang")
            .await
            .unwrap();
        assert_eq!(lang.as_deref(), Some(code));
        assert_eq!(text(&desk, "main h1").await, heading);
        shot(&desk, &format!("admin-{code}")).await;
    }

    // Print preview: the page as Chromium prints it on A4.
    let pdf = desk
        .print(
            PrintConfiguration::builder()
                .size(PrintSize::A4)
                .build()
                .unwrap(),
        )
        .await
        .unwrap();
    assert!(pdf.starts_with(b"%PDF"), "not a PDF");
    std::fs::write(screenshot_dir().join("admin-print.pdf"), &pdf).unwrap();

    // A phone: the login form at 360 px.
    let phone = driver.session(360, 740, "pl").await;
    phone.goto(&server.url("/login")).await.unwrap();
    assert_eq!(text(&phone, "main h1").await, "Logowanie");
    let width: i64 = phone
        .execute("return document.documentElement.scrollWidth", vec![])
        .await
        .unwrap()
        .as_i64()
        .unwrap();
    assert!(
        width <= 360,
        "the page is {width} px wide on a 360 px phone"
    );
    shot(&phone, "login-phone").await;
    phone.close().await.unwrap();
    desk.close().await.unwrap();
}
