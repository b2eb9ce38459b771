// Atlas project file. `atlas migrate apply --env prod` applies schema/;
// `atlas migrate diff --env dev` plans a new file against a scratch database.

env "dev" {
  url = getenv("DATABASE_URL")
  dev = "docker://postgres/16/dev?search_path=public"
  migration {
    dir = "file://schema"
  }
  exclude = ["river_*"]
}

env "prod" {
  url = getenv("DATABASE_URL")
  migration {
    dir              = "file://schema"
    revisions_schema = "atlas_schema_revisions"
  }
  exclude = ["river_*"]
}
