// Command server receives parcels.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredgenfunc/app"
	"example.com/wiredgenfunc/codes"
	"example.com/wiredgenfunc/idfunc"
)

func main() {
	db, _ := sql.Open("pgx", "")
	s := &app.Service{DB: db, IDs: idfunc.UUIDs, Codes: codes.Random, Shelves: codes.Shelf}
	http.HandleFunc("POST /parcels", s.Receive)
	http.HandleFunc("POST /labels", s.Label)
	http.HandleFunc("POST /shelves", s.Shelve)
	http.ListenAndServe(":8080", nil)
}
