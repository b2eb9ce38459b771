// Atlas project file. Migrations are versioned SQL files under
// schema/migrations and applied with:
//
//   atlas migrate apply --env prod
//
// New migrations: atlas migrate new <name> --env dev, then edit the file and
// run atlas migrate hash --env dev.

variable "database_url" {
  type    = string
  default = getenv("DATABASE_URL")
}

env "dev" {
  url = var.database_url
  dev = "docker://postgres/16/dev?search_path=public"
  migration {
    dir = "file://schema/migrations"
  }
}

env "prod" {
  url = var.database_url
  migration {
    dir              = "file://schema/migrations"
    revisions_schema = "atlas_schema_revisions"
  }
}
