package main

import (
	"database/sql"
	"log/slog"
	"net/http"

	"example.com/wiredtxdecor/seats"
	"example.com/wiredtxdecor/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &seats.Handler{H: seats.New(&store.Seats{DB: db}, &store.Runner{DB: db}, slog.Default())}
	http.HandleFunc("POST /sessions/{id}/admit", h.Admit)
	http.HandleFunc("POST /sessions/{id}/hold", h.Hold)
	_ = http.ListenAndServe(":8080", nil)
}
