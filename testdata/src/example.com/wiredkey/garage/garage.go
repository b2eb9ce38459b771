// Package garage retires vehicles through the event store it is given,
// a concrete type of another package.
package garage

import (
	"context"

	"github.com/google/uuid"

	"example.com/wiredkey/postgres"
)

// Service retires vehicles.
type Service struct {
	Events *postgres.Events
}

// Retire records the vehicle's retirement under a new ID: the vehicle
// and the kind, the same on every attempt, are a key of the table.
func (s *Service) Retire(ctx context.Context, vehicleID string) error {
	return s.Events.Record(ctx, postgres.Event{ID: uuid.NewString(), VehicleID: vehicleID, Kind: "retired"})
}
