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
	h := &api.Handler{Work: &svc.Service{DB: &store.DB{DB: db}, Milestones: store.Milestones{}, Submissions: store.Submissions{}, Lines: store.Lines{}, NewID: uuid.NewString}}
	http.HandleFunc("POST /milestones/{milestone}/submissions", h.Submit)
	http.HandleFunc("POST /milestones/{milestone}/submissions-once", h.SubmitOnce)
	http.HandleFunc("POST /submissions/lines", h.ReplaceLines)
	http.HandleFunc("POST /submissions/line", h.AddLine)
	http.ListenAndServe(":8080", nil)
}
