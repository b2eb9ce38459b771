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
