env "local" {
  url = getenv("DATABASE_URL")
  dev = "docker://postgres/16/dev?search_path=public"
  migration {
    dir = "file://db/schema"
  }
}

env "prod" {
  url = getenv("DATABASE_URL")
  migration {
    dir = "file://db/schema"
    # river's own tables are managed by rivermigrate at start-up.
    exclude = ["river_*"]
  }
}
