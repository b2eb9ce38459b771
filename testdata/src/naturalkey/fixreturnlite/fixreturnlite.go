package fixreturnlite

import (
	"database/sql"
	"net/http"

	_ "github.com/mattn/go-sqlite3"
)

var db *sql.DB

// SQLite (3.35 and later) returns the updated row from an upsert, as PostgreSQL does.
func createNote(w http.ResponseWriter, r *http.Request) {
	var id int64
	if err := db.QueryRowContext(r.Context(), "INSERT INTO notes (note_id, body) VALUES (?, ?) RETURNING id", r.PathValue("note"), "x").Scan(&id); err != nil { // want `same note_id again`
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// INSERT ... SELECT: SQLite would read ON CONFLICT as part of the SELECT; reported, no fix.
func copyNote(w http.ResponseWriter, r *http.Request) {
	var id int64
	db.QueryRowContext(r.Context(), "INSERT INTO notes (note_id, body) SELECT ?, body FROM drafts WHERE id = ? RETURNING id", r.PathValue("note"), r.PathValue("draft")).Scan(&id) // want `same note_id again`
}
