// Package app records parcels.
package app

import (
	"database/sql"
	"net/http"

	"example.com/wiredgenfunc/codes"
	"example.com/wiredgenfunc/idfunc"
)

// Service records parcels.
type Service struct {
	DB      *sql.DB
	IDs     idfunc.Generator
	Codes   codes.Coder
	Shelves codes.Namer
}

// Receive inserts a parcel under a new ID: an adapter of fresh
// functions only.
func (s *Service) Receive(w http.ResponseWriter, r *http.Request) {
	s.DB.ExecContext(r.Context(), "INSERT INTO parcels (id, sender) VALUES ($1, $2)", s.IDs.New(), r.FormValue("sender")) // want `a retry inserts a second parcels row with a new id: Generator.New\(\) is fresh on every attempt \(HTTP handler Service.Receive\)`
}

// Label inserts a label under a code, an adapted generator.
func (s *Service) Label(w http.ResponseWriter, r *http.Request) {
	s.DB.ExecContext(r.Context(), "INSERT INTO labels (id, parcel_id) VALUES ($1, $2)", s.Codes.Code(), r.FormValue("parcel")) // want `a retry inserts a second labels row with a new id: Coder.Code\(\) is fresh on every attempt \(HTTP handler Service.Label\)`
}

// Shelve inserts a shelf under its name: an adapter of functions one
// of which is not fresh, nor is a name the caller sends.
func (s *Service) Shelve(w http.ResponseWriter, r *http.Request) {
	s.DB.ExecContext(r.Context(), "INSERT INTO shelves (id, parcel_id) VALUES ($1, $2)", s.Shelves.Name(), r.FormValue("parcel"))
}
