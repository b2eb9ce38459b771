// Package memberapi serves the enrolments of package members, making
// each member's ID itself.
package memberapi

import (
	"net/http"

	"github.com/google/uuid"

	"example.com/wiredfresh/members"
)

// API serves enrolments.
type API struct{ Members members.Service }

// Purchase hands the service a new ID, which it stores only past its
// claim of the request's key.
func (a *API) Purchase(w http.ResponseWriter, r *http.Request) {
	e := members.Enrolment{Key: r.Header.Get("Idempotency-Key"), MemberID: uuid.NewString(), Email: r.FormValue("email")}
	if err := a.Members.Purchase(r.Context(), e); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Join hands the service a new ID, which it stores on every attempt.
func (a *API) Join(w http.ResponseWriter, r *http.Request) {
	e := members.Enrolment{Key: r.Header.Get("Idempotency-Key"), MemberID: uuid.NewString(), Email: r.FormValue("email")} // want `a retry inserts a second members row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler API.Join\)`
	if err := a.Members.Join(r.Context(), e); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
