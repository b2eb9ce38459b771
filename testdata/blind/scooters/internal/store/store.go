// Package store holds the hand-written pgx repositories. Every repository
// runs on the transaction carried in the context when there is one.
package store

import (
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

// Repos bundles every repository so main can hand them to fx in one go.
type Repos struct {
	Riders      *Riders
	Sessions    *Sessions
	Scooters    *Scooters
	Rides       *Rides
	Passes      *Passes
	Charges     *Charges
	Fines       *Fines
	Swaps       *Swaps
	Telemetry   *Telemetry
	Inbox       *Inbox
	Reports     *Reports
	Idempotency *Idempotency
}

// NewRepos builds every repository on db.
func NewRepos(db *pgstore.DB) *Repos {
	return &Repos{
		Riders:      &Riders{db: db},
		Sessions:    &Sessions{db: db},
		Scooters:    &Scooters{db: db},
		Rides:       &Rides{db: db},
		Passes:      &Passes{db: db},
		Charges:     &Charges{db: db},
		Fines:       &Fines{db: db},
		Swaps:       &Swaps{db: db},
		Telemetry:   &Telemetry{db: db},
		Inbox:       &Inbox{db: db},
		Reports:     &Reports{db: db},
		Idempotency: &Idempotency{db: db},
	}
}
