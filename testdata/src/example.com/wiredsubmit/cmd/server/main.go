// Command server wires the submissions to the database.
package main

import (
	"database/sql"
	"net/http"

	"github.com/google/uuid"

	"example.com/wiredsubmit/api"
	"example.com/wiredsubmit/store"
	"example.com/wiredsubmit/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{Work: &svc.Service{DB: &store.DB{DB: db}, Milestones: store.Milestones{}, Submissions: store.Submissions{}, NewID: uuid.NewString}}
	http.HandleFunc("POST /milestones/{milestone}/submissions", h.Submit)
	http.HandleFunc("POST /milestones/{milestone}/submissions-once", h.SubmitOnce)
	http.ListenAndServe(":8080", nil)
}
