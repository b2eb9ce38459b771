// Command server wires the stores.
package main

import (
	"net/http"

	"gorm.io/gorm"

	"example.com/wiredembedrepo/app"
	"example.com/wiredembedrepo/model"
	"example.com/wiredembedrepo/repo"
	"example.com/wiredembedrepo/store"
)

func main() {
	db, _ := gorm.Open(nil)
	h := &app.Handler{Holds: &store.Holds{Repository: repo.New[model.Hold](db)}, Visits: store.NewVisits(db)}
	http.HandleFunc("POST /holds", h.Hold)
	http.HandleFunc("POST /visits", h.Visit)
	http.ListenAndServe(":8080", nil)
}
