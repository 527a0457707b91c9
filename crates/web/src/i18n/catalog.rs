//! The Fluent catalogue, built once from the embedded `.ftl` files.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

use super::Lang;

/// What a page shows in place of a message missing from the catalogue; the
/// tests look for it in every page of every language.
pub const MISSING_MARK: &str = "\u{27E6}";

const SOURCES: [&str; 4] = [
    include_str!("../../locales/en.ftl"),
    include_str!("../../locales/it.ftl"),
    include_str!("../../locales/pl.ftl"),
    include_str!("../../locales/ru.ftl"),
];

/// One Fluent bundle per language, in [`Lang::ALL`] order.
pub struct Catalog {
    bundles: Vec<FluentBundle<FluentResource>>,
}

impl Catalog {
    /// The catalogue of the binary.
    pub fn get() -> &'static Catalog {
        static CATALOG: OnceLock<Catalog> = OnceLock::new();
        CATALOG.get_or_init(|| Catalog::build().unwrap_or_else(|e| panic!("{e}")))
    }

    /// Parses the four catalogues. An error here is a bug in a `.ftl` file
    /// of the source tree (a unit test builds the catalogue).
    fn build() -> Result<Catalog, String> {
        let mut bundles = Vec::new();
        for (lang, source) in Lang::ALL.into_iter().zip(SOURCES) {
            let id: unic_langid::LanguageIdentifier = lang
                .code()
                .parse()
                .map_err(|e| format!("{}: {e}", lang.code()))?;
            let resource = FluentResource::try_new(source.to_string())
                .map_err(|(_, errors)| format!("{}.ftl: {errors:?}", lang.code()))?;
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // Pages are HTML, left to right in all four languages: no
            // Unicode isolation marks around arguments.
            bundle.set_use_isolating(false);
            bundle
                .add_resource(resource)
                .map_err(|errors| format!("{}.ftl: {errors:?}", lang.code()))?;
            bundles.push(bundle);
        }
        Ok(Catalog { bundles })
    }

    /// The message `key` in `lang`; `⟦key⟧` when the catalogue lacks it.
    pub fn text(&self, lang: Lang, key: &str, args: Option<&FluentArgs>) -> String {
        let bundle = &self.bundles[lang as usize];
        let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
            return format!("{MISSING_MARK}{key}\u{27E7}");
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        if errors.is_empty() {
            text.into_owned()
        } else {
            format!("{MISSING_MARK}{key}\u{27E7}")
        }
    }

    /// The message ids of `lang`'s catalogue, sorted.
    pub fn keys(&self, lang: Lang) -> Vec<String> {
        let mut keys: Vec<String> = SOURCES[lang as usize]
            .lines()
            .filter_map(|l| {
                let id = l.split_once(" =")?.0;
                (!id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
                    .then(|| id.to_string())
            })
            .collect();
        keys.sort();
        keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_catalogues_with_the_same_messages() {
        let catalog = Catalog::build().unwrap();
        let en = catalog.keys(Lang::En);
        assert!(en.len() > 20);
        for lang in Lang::ALL {
            assert_eq!(
                catalog.keys(lang),
                en,
                "{} lacks or adds messages",
                lang.code()
            );
            for key in &en {
                assert!(
                    !catalog.text(lang, key, None).is_empty(),
                    "{}: {key} is empty",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn polish_and_russian_plurals() {
        let catalog = Catalog::build().unwrap();
        let rounds = |lang, n: i64| {
            let mut args = FluentArgs::new();
            args.set("count", n);
            catalog.text(lang, "rounds-count", Some(&args))
        };
        assert_eq!(rounds(Lang::En, 1), "1 round");
        assert_eq!(rounds(Lang::En, 9), "9 rounds");
        assert_eq!(rounds(Lang::Pl, 1), "1 runda");
        assert_eq!(rounds(Lang::Pl, 3), "3 rundy");
        assert_eq!(rounds(Lang::Pl, 5), "5 rund");
        assert_eq!(rounds(Lang::Pl, 22), "22 rundy");
        assert_eq!(rounds(Lang::Ru, 1), "1 тур");
        assert_eq!(rounds(Lang::Ru, 3), "3 тура");
        assert_eq!(rounds(Lang::Ru, 9), "9 туров");
        assert_eq!(rounds(Lang::Ru, 21), "21 тур");
        assert_eq!(rounds(Lang::It, 1), "1 turno");
        assert_eq!(rounds(Lang::It, 9), "9 turni");
        assert!(
            catalog
                .text(Lang::En, "no-such-key", None)
                .starts_with(MISSING_MARK)
        );
    }
}
