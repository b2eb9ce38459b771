env "local" {
  src = "file://schema.sql"
  url = getenv("DATABASE_URL")
  dev = "docker://postgres/16/dev?search_path=public"
}

env "prod" {
  src = "file://schema.sql"
  url = getenv("DATABASE_URL")
  diff {
    skip {
      drop_table = true
    }
  }
}
