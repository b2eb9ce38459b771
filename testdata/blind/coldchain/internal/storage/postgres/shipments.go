// Package postgres implements the service repositories on PostgreSQL.
package postgres

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
)

// ShipmentRepo stores shipments and their shippers.
type ShipmentRepo struct {
	q         *db.Queries
	shipments *platform.Store[db.Shipment]
	shippers  *platform.Store[db.Shipper]
}

func NewShipmentRepo(pool *pgxpool.Pool) *ShipmentRepo {
	return &ShipmentRepo{
		q:         db.New(pool),
		shipments: platform.NewStore(pool, "shipments", "id", db.ShipmentColumns, db.ScanShipment),
		shippers:  platform.NewStore(pool, "shippers", "id", db.ShipperColumns, db.ScanShipper),
	}
}

func (r *ShipmentRepo) CreateShipment(ctx context.Context, arg db.CreateShipmentParams) (db.Shipment, error) {
	return r.q.CreateShipment(ctx, arg)
}

func (r *ShipmentRepo) GetShipment(ctx context.Context, id string) (db.Shipment, error) {
	return r.shipments.Get(ctx, id)
}

func (r *ShipmentRepo) ShipperExists(ctx context.Context, shipperID string) (bool, error) {
	return r.shippers.Exists(ctx, shipperID)
}

func (r *ShipmentRepo) GetShipper(ctx context.Context, id string) (db.Shipper, error) {
	return r.shippers.Get(ctx, id)
}

func (r *ShipmentRepo) ShipperForShipment(ctx context.Context, shipmentID string) (db.Shipper, error) {
	return r.q.GetShipperForShipment(ctx, shipmentID)
}

func (r *ShipmentRepo) AttachDevice(ctx context.Context, deviceID, shipmentID string) error {
	return r.q.UpsertSensorDevice(ctx, deviceID, shipmentID)
}
