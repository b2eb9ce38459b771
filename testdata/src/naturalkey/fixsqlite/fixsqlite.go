package fixsqlite

import (
	"database/sql"
	"net/http"

	_ "github.com/mattn/go-sqlite3"
)

var db *sql.DB

// ? placeholders with the SQLite driver: ON CONFLICT DO NOTHING.
func createNote(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO notes (note_id, body) VALUES (?, ?)", r.PathValue("note"), "x") // want `same note_id again`
}
