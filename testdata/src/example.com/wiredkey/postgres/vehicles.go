package postgres

import (
	"context"
	"database/sql"

	"example.com/wiredkey/fleet"
)

// Vehicles implements fleet.Vehicles.
type Vehicles struct{ DB *sql.DB }

func (s *Vehicles) Create(ctx context.Context, v *fleet.Vehicle) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO fleet_vehicles (account_id, plate, nickname) VALUES ($1, $2, $3)", v.AccountID, v.Plate, v.Nickname) // want `a retry inserts the row for the same \(account_id, plate\) again, which fails or duplicates it: the INSERT into fleet_vehicles in postgres.Vehicles.Create has no conflict handling for the caller-known \(account_id, plate\) \(HTTP handler Fleet.Register\)`
	return err
}

func (s *Vehicles) Tag(ctx context.Context, vehicleID, tagID string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO vehicle_tags (vehicle_id, tag_id) VALUES ($1, $2)", vehicleID, tagID) // want `a retry inserts the row for the same \(vehicle_id, tag_id\) again, which fails or duplicates it: the INSERT into vehicle_tags in postgres.Vehicles.Tag has no conflict handling for the caller-known \(vehicle_id, tag_id\) \(HTTP handler Fleet.TagAll\)`
	return err
}

func (s *Vehicles) Inspect(ctx context.Context, in fleet.Inspection) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO vehicle_inspections (id, vehicle_id, kind) VALUES ($1, $2, $3)", in.ID, in.VehicleID, in.Kind) // want `a retry inserts the row for the same \(vehicle_id, kind\) again, which fails or duplicates it: the INSERT into vehicle_inspections in postgres.Vehicles.Inspect has no conflict handling for the caller-known \(vehicle_id, kind\) \(HTTP handler Fleet.FirstInspection\)`
	return err
}

// Events stores a vehicle's events; a service calls it directly.
type Events struct{ DB *sql.DB }

// An Event is one event of a vehicle.
type Event struct {
	ID, VehicleID, Kind string
}

func (s *Events) Record(ctx context.Context, e Event) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO vehicle_events (id, vehicle_id, kind) VALUES ($1, $2, $3)", e.ID, e.VehicleID, e.Kind) // want `a retry inserts the row for the same \(vehicle_id, kind\) again, which fails or duplicates it: the INSERT into vehicle_events in postgres.Events.Record has no conflict handling for the caller-known \(vehicle_id, kind\) \(HTTP handler Handler.Retire\)`
	return err
}
