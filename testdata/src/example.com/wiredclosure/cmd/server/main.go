// Command server wires the handlers.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredclosure/api"
	"example.com/wiredclosure/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	mux := http.NewServeMux()
	api.Routes(mux, &svc.Service{DB: db})
	http.ListenAndServe(":8080", mux)
}
