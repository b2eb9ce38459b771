// Package xmodelrepouse builds the rows another package stores.
package xmodelrepouse

import (
	"net/http"

	"github.com/google/uuid"

	"freshid/xmodelrepo"
)

// Handler serves members.
type Handler struct{ Repo *xmodelrepo.Repo }

// Negative: the member and the class, a key of the table, fail the
// retry's insert before a second row is made.
func (h *Handler) JoinWaitlist(w http.ResponseWriter, r *http.Request) {
	row := &xmodelrepo.WaitlistRow{ID: uuid.NewString(), MemberID: r.FormValue("member"), Class: r.FormValue("class")}
	if err := h.Repo.InsertWaitlist(r.Context(), row); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
	}
}

// AddNote adds a second note on a retry.
func (h *Handler) AddNote(w http.ResponseWriter, r *http.Request) {
	row := &xmodelrepo.NoteRow{ID: uuid.NewString(), MemberID: r.FormValue("member"), Body: r.FormValue("body")} // want `a retry creates a second NoteRow with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.AddNote\)`
	if err := h.Repo.InsertNote(r.Context(), row); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
