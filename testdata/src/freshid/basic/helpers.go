package basic

import (
	"net/http"

	"github.com/google/uuid"
)

type visit struct{ ID, Pet string }

type visitForm struct{ Pet string }

func (f visitForm) toVisit() visit { return visit{Pet: f.Pet} }

// The visit comes from a helper; its ID, set after, is fresh.
func BookVisit(w http.ResponseWriter, r *http.Request) {
	v := visitForm{Pet: r.FormValue("pet")}.toVisit()
	v.ID = uuid.NewString() // want `a retry inserts a second visits row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler BookVisit\)`
	db.ExecContext(r.Context(), "INSERT INTO visits (id, pet) VALUES ($1, $2)", v.ID, v.Pet)
}

type visitStore struct{}

func (visitStore) byPet(pet string) visit { return visit{ID: "v-" + pet, Pet: pet} }

// Negative: the visit stored for the pet replaces the fresh one when
// there is one.
func RebookVisit(w http.ResponseWriter, r *http.Request) {
	v := visit{Pet: r.FormValue("pet")}
	v.ID = uuid.NewString()
	if r.FormValue("again") != "" {
		v = visitStore{}.byPet(v.Pet)
	}
	db.ExecContext(r.Context(), "INSERT INTO visits (id, pet) VALUES ($1, $2)", v.ID, v.Pet)
}
