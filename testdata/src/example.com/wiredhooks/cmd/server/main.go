// Command server receives the provider's events.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredhooks/hooks"
	"example.com/wiredhooks/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	http.Handle("/hooks", hooks.New(&store.Events{DB: db}))
	http.ListenAndServe(":8080", nil)
}
