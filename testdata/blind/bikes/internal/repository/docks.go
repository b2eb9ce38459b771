package repository

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
)

type Docks interface {
	Get(ctx context.Context, id string) (db.Dock, error)
	Station(ctx context.Context, id string) (db.Station, error)
	SetBike(ctx context.Context, dockID, bikeID string, at time.Time) error
	SetStatus(ctx context.Context, dockID, status string) error
	Touch(ctx context.Context, dockID, status string, at time.Time) error
	RecordStatus(ctx context.Context, arg db.InsertDockStatusEventParams) error
	Occupancy(ctx context.Context, stationID string) (db.StationOccupancyRow, error)
	AllOccupancy(ctx context.Context) ([]db.StationOccupancyRow, error)
	OpenTicket(ctx context.Context, arg db.CreateMaintenanceTicketParams) (db.MaintenanceTicket, error)
	CreateDamageReport(ctx context.Context, arg db.CreateDamageReportParams) (db.DamageReport, error)
	SetBikeStatus(ctx context.Context, bikeID, status string) error
	With(q db.Querier) Docks
}

type dockRepo struct{ q db.Querier }

func NewDocks(q db.Querier) Docks { return &dockRepo{q: q} }

func (r *dockRepo) With(q db.Querier) Docks { return &dockRepo{q: q} }

func (r *dockRepo) Get(ctx context.Context, id string) (db.Dock, error) {
	d, err := r.q.GetDock(ctx, id)
	return d, notFound(err)
}

func (r *dockRepo) Station(ctx context.Context, id string) (db.Station, error) {
	s, err := r.q.GetStation(ctx, id)
	return s, notFound(err)
}

func (r *dockRepo) SetBike(ctx context.Context, dockID, bikeID string, at time.Time) error {
	return r.q.SetDockBike(ctx, db.SetDockBikeParams{
		ID:       dockID,
		BikeID:   text(bikeID),
		LastSeen: pgtype.Timestamptz{Time: at, Valid: true},
	})
}

func (r *dockRepo) SetStatus(ctx context.Context, dockID, status string) error {
	return r.q.SetDockStatus(ctx, db.SetDockStatusParams{ID: dockID, Status: status})
}

func (r *dockRepo) Touch(ctx context.Context, dockID, status string, at time.Time) error {
	return r.q.TouchDock(ctx, db.TouchDockParams{ID: dockID, Status: status, LastSeen: at})
}

func (r *dockRepo) RecordStatus(ctx context.Context, arg db.InsertDockStatusEventParams) error {
	return r.q.InsertDockStatusEvent(ctx, arg)
}

func (r *dockRepo) Occupancy(ctx context.Context, stationID string) (db.StationOccupancyRow, error) {
	o, err := r.q.StationOccupancy(ctx, stationID)
	return o, notFound(err)
}

func (r *dockRepo) AllOccupancy(ctx context.Context) ([]db.StationOccupancyRow, error) {
	return r.q.ListStationOccupancy(ctx)
}

func (r *dockRepo) OpenTicket(ctx context.Context, arg db.CreateMaintenanceTicketParams) (db.MaintenanceTicket, error) {
	return r.q.CreateMaintenanceTicket(ctx, arg)
}

func (r *dockRepo) CreateDamageReport(ctx context.Context, arg db.CreateDamageReportParams) (db.DamageReport, error) {
	return r.q.CreateDamageReport(ctx, arg)
}

func (r *dockRepo) SetBikeStatus(ctx context.Context, bikeID, status string) error {
	return r.q.SetBikeStatus(ctx, db.SetBikeStatusParams{ID: bikeID, Status: status})
}
