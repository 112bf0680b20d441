//! Builds the crate again when a migration is added or changed: `sqlx::migrate!` compiles the
//! migrations in, and cargo does not watch their folder by itself.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
