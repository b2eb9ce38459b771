// Package heldx holds, in a service's fields, ID functions of another
// package, set by its constructor.
package heldx

import (
	"database/sql"
	"net/http"

	"freshid/xids"
)

var db *sql.DB

type service struct {
	newHoldID func() string
	region    func() string
}

func newService() *service {
	return &service{newHoldID: xids.NewHoldID, region: xids.Region}
}

func (s *service) Hold(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO holds (id, seat) VALUES ($1, $2)", s.newHoldID(), r.FormValue("seat")) // want `a retry inserts a second holds row with a new id: xids.NewHoldID\(\) is fresh on every attempt \(HTTP handler service.Hold\)`
}

// Negative: the other field's function returns the same value.
func (s *service) Zone(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO holds (id, seat) VALUES ($1, $2)", s.region(), r.FormValue("seat"))
}

// A reference of random bytes made by a helper of another package.
func (s *service) Refer(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO referrals (id, seat) VALUES ($1, $2)", xids.NewReference("REF"), r.FormValue("seat")) // want `a retry inserts a second referrals row with a new id: xids.NewReference\(\) is fresh on every attempt \(HTTP handler service.Refer\)`
}

// Negative: a checksum of the request's own data.
func (s *service) ReferStable(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO referrals (id, seat) VALUES ($1, $2)", xids.Checksum(r.FormValue("seat")), r.FormValue("seat"))
}
