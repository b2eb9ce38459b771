// Command server wires the folios API.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wireduow/app"
	"example.com/wireduow/keys"
	"example.com/wireduow/lines"
	"example.com/wireduow/uow"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &app.Handler{Svc: &app.Service{UoW: uow.New(db), Keys: keys.New(db), Lines: lines.New(db)}}
	http.HandleFunc("POST /charges", h.PostCharge)
	http.HandleFunc("POST /charges/inside", h.PostChargeInside)
	c := &app.Counter{Runner: uow.NewRunner(db), Lines: lines.New(db)}
	http.HandleFunc("POST /collect", c.Collect)
	http.HandleFunc("POST /collect/once", c.CollectOnce)
	http.ListenAndServe(":8080", nil)
}
