// Command api wires the handlers to gorm's repositories.
package main

import (
	"net/http"

	"example.com/wiredgorm/api"
	"example.com/wiredgorm/app"
	"example.com/wiredgorm/carrier"
	"example.com/wiredgorm/pg"
	"gorm.io/gorm"
)

func main() {
	db, _ := gorm.Open(nil)
	h := &api.Handler{Svc: app.New(pg.Events{DB: db}, pg.Credits{DB: db}, &pg.Units{DB: db}, pg.Keys{DB: db}, pg.Deliveries{DB: db}, &carrier.Client{}, pg.Transfers{DB: db})}
	http.HandleFunc("/events", h.Event)
	http.HandleFunc("/settle", h.Settle)
	http.HandleFunc("/credit", h.Credit)
	http.ListenAndServe(":8080", nil)
}
