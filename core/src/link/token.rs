//! The link's token (SPEC §23): 128 random bits in hex, made per run by the host unless
//! given, shown by a client in its `hello` before anything else is read, and compared in
//! constant time so that a wrong guess learns nothing from how long the answer took.

use std::fmt;

/// A token as the host keeps it: its hex text.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A new token from the operating system's generator.
    pub fn random() -> Result<Token, String> {
        let mut bits = [0u8; 16];
        getrandom::fill(&mut bits).map_err(|e| format!("cannot draw a random token: {e}"))?;
        Ok(Token(bits.iter().map(|b| format!("{b:02x}")).collect()))
    }

    /// A token given by the user (a flag or a file's first line): at least 16 printable
    /// characters without spaces, so that a guess stays hopeless.
    pub fn given(text: &str) -> Result<Token, String> {
        let t = text.trim();
        if t.len() < 16 || t.len() > 256 || !t.chars().all(|c| c.is_ascii_graphic()) {
            return Err("a link token is 16 to 256 printable characters without spaces".into());
        }
        Ok(Token(t.to_owned()))
    }

    /// The token's text, to print or write for the user.
    pub fn text(&self) -> &str {
        &self.0
    }

    /// Whether `shown` is this token, in time that depends only on the lengths.
    pub fn matches(&self, shown: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), shown.as_bytes());
        let mut diff = a.len() ^ b.len();
        for (i, x) in a.iter().enumerate() {
            diff |= usize::from(x ^ b.get(i).copied().unwrap_or(0));
        }
        diff == 0
    }
}

/// Never printed by accident: a token shows as its length only.
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Token({} characters)", self.0.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_token_is_128_bits_in_hex_and_new_each_time() {
        let (a, b) = (Token::random().unwrap(), Token::random().unwrap());
        assert_eq!(a.text().len(), 32);
        assert!(a.text().chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn only_the_same_text_matches() {
        let t = Token::given("0123456789abcdef0123").unwrap();
        assert!(t.matches("0123456789abcdef0123"));
        assert!(!t.matches("0123456789abcdef012"));
        assert!(!t.matches("0123456789abcdef01234"));
        assert!(!t.matches("1123456789abcdef0123"));
        assert!(!t.matches(""));
    }

    #[test]
    fn a_short_or_spaced_token_is_refused() {
        assert!(Token::given("short").is_err());
        assert!(Token::given("has a space in it ok").is_err());
        assert!(Token::given("  0123456789abcdef  \n").is_ok());
    }
}
