// Package wiring builds the program, so that main imports nothing else.
package wiring

import (
	"database/sql"
	"net/http"

	"example.com/litemain/api"
	"example.com/litemain/app"
	"example.com/litemain/store"
)

// Run serves the API.
func Run() error {
	db, err := sql.Open("postgres", "")
	if err != nil {
		return err
	}
	return http.ListenAndServe(":8080", &api.Handler{Svc: app.New(&store.Store{DB: db})})
}
