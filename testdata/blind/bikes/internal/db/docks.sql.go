package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

const getDock = `-- name: GetDock :one
SELECT id, station_id, position, status, bike_id, last_seen FROM docks WHERE id = $1`

func (q *Queries) GetDock(ctx context.Context, id string) (Dock, error) {
	row := q.db.QueryRow(ctx, getDock, id)
	var i Dock
	err := row.Scan(
		&i.ID,
		&i.StationID,
		&i.Position,
		&i.Status,
		&i.BikeID,
		&i.LastSeen,
	)
	return i, err
}

const getStation = `-- name: GetStation :one
SELECT id, name, capacity, target_fill, latitude, longitude, active FROM stations WHERE id = $1`

func (q *Queries) GetStation(ctx context.Context, id string) (Station, error) {
	row := q.db.QueryRow(ctx, getStation, id)
	var i Station
	err := row.Scan(
		&i.ID,
		&i.Name,
		&i.Capacity,
		&i.TargetFill,
		&i.Latitude,
		&i.Longitude,
		&i.Active,
	)
	return i, err
}

const setDockBike = `-- name: SetDockBike :exec
UPDATE docks
SET bike_id = $2, last_seen = $3
WHERE id = $1`

type SetDockBikeParams struct {
	ID       string
	BikeID   pgtype.Text
	LastSeen pgtype.Timestamptz
}

func (q *Queries) SetDockBike(ctx context.Context, arg SetDockBikeParams) error {
	_, err := q.db.Exec(ctx, setDockBike, arg.ID, arg.BikeID, arg.LastSeen)
	return err
}

const touchDock = `-- name: TouchDock :exec
UPDATE docks
SET status = $2, last_seen = GREATEST(COALESCE(last_seen, $3), $3)
WHERE id = $1`

type TouchDockParams struct {
	ID       string
	Status   string
	LastSeen time.Time
}

func (q *Queries) TouchDock(ctx context.Context, arg TouchDockParams) error {
	_, err := q.db.Exec(ctx, touchDock, arg.ID, arg.Status, arg.LastSeen)
	return err
}

const insertDockStatusEvent = `-- name: InsertDockStatusEvent :exec
INSERT INTO dock_status_events (event_id, dock_id, status, bike_id, voltage_mv, occurred_at)
VALUES ($1, $2, $3, $4, $5, $6)`

type InsertDockStatusEventParams struct {
	EventID    string
	DockID     string
	Status     string
	BikeID     pgtype.Text
	VoltageMv  pgtype.Int4
	OccurredAt time.Time
}

func (q *Queries) InsertDockStatusEvent(ctx context.Context, arg InsertDockStatusEventParams) error {
	_, err := q.db.Exec(ctx, insertDockStatusEvent,
		arg.EventID,
		arg.DockID,
		arg.Status,
		arg.BikeID,
		arg.VoltageMv,
		arg.OccurredAt,
	)
	return err
}

const stationOccupancy = `-- name: StationOccupancy :one
SELECT s.id, s.capacity, s.target_fill, COUNT(d.bike_id)::int AS docked
FROM stations s
LEFT JOIN docks d ON d.station_id = s.id AND d.bike_id IS NOT NULL
WHERE s.id = $1
GROUP BY s.id`

type StationOccupancyRow struct {
	StationID  string
	Capacity   int32
	TargetFill int32
	Docked     int32
}

func (q *Queries) StationOccupancy(ctx context.Context, stationID string) (StationOccupancyRow, error) {
	row := q.db.QueryRow(ctx, stationOccupancy, stationID)
	var i StationOccupancyRow
	err := row.Scan(&i.StationID, &i.Capacity, &i.TargetFill, &i.Docked)
	return i, err
}

const listStationOccupancy = `-- name: ListStationOccupancy :many
SELECT s.id, s.capacity, s.target_fill, COUNT(d.bike_id)::int AS docked
FROM stations s
LEFT JOIN docks d ON d.station_id = s.id AND d.bike_id IS NOT NULL
WHERE s.active
GROUP BY s.id
ORDER BY s.id`

func (q *Queries) ListStationOccupancy(ctx context.Context) ([]StationOccupancyRow, error) {
	rows, err := q.db.Query(ctx, listStationOccupancy)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []StationOccupancyRow
	for rows.Next() {
		var i StationOccupancyRow
		if err := rows.Scan(&i.StationID, &i.Capacity, &i.TargetFill, &i.Docked); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return items, nil
}

const createMaintenanceTicket = `-- name: CreateMaintenanceTicket :one
INSERT INTO maintenance_tickets (id, dock_id, bike_id, fault_code, severity, source, source_event_id)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING id, dock_id, bike_id, fault_code, severity, source, source_event_id, status, opened_at, closed_at`

type CreateMaintenanceTicketParams struct {
	ID            string
	DockID        string
	BikeID        pgtype.Text
	FaultCode     string
	Severity      string
	Source        string
	SourceEventID pgtype.Text
}

func (q *Queries) CreateMaintenanceTicket(ctx context.Context, arg CreateMaintenanceTicketParams) (MaintenanceTicket, error) {
	row := q.db.QueryRow(ctx, createMaintenanceTicket,
		arg.ID,
		arg.DockID,
		arg.BikeID,
		arg.FaultCode,
		arg.Severity,
		arg.Source,
		arg.SourceEventID,
	)
	var i MaintenanceTicket
	err := row.Scan(
		&i.ID,
		&i.DockID,
		&i.BikeID,
		&i.FaultCode,
		&i.Severity,
		&i.Source,
		&i.SourceEventID,
		&i.Status,
		&i.OpenedAt,
		&i.ClosedAt,
	)
	return i, err
}

const setDockStatus = `-- name: SetDockStatus :exec
UPDATE docks SET status = $2 WHERE id = $1`

type SetDockStatusParams struct {
	ID     string
	Status string
}

func (q *Queries) SetDockStatus(ctx context.Context, arg SetDockStatusParams) error {
	_, err := q.db.Exec(ctx, setDockStatus, arg.ID, arg.Status)
	return err
}

const createDamageReport = `-- name: CreateDamageReport :one
INSERT INTO damage_reports (id, ride_id, rider_id, bike_id, category, description, photo_url)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING id, ride_id, rider_id, bike_id, category, description, photo_url, created_at`

type CreateDamageReportParams struct {
	ID          string
	RideID      uuid.UUID
	RiderID     uuid.UUID
	BikeID      string
	Category    string
	Description string
	PhotoUrl    pgtype.Text
}

func (q *Queries) CreateDamageReport(ctx context.Context, arg CreateDamageReportParams) (DamageReport, error) {
	row := q.db.QueryRow(ctx, createDamageReport,
		arg.ID,
		arg.RideID,
		arg.RiderID,
		arg.BikeID,
		arg.Category,
		arg.Description,
		arg.PhotoUrl,
	)
	var i DamageReport
	err := row.Scan(
		&i.ID,
		&i.RideID,
		&i.RiderID,
		&i.BikeID,
		&i.Category,
		&i.Description,
		&i.PhotoUrl,
		&i.CreatedAt,
	)
	return i, err
}

const setBikeStatus = `-- name: SetBikeStatus :exec
UPDATE bikes SET status = $2 WHERE id = $1`

type SetBikeStatusParams struct {
	ID     string
	Status string
}

func (q *Queries) SetBikeStatus(ctx context.Context, arg SetBikeStatusParams) error {
	_, err := q.db.Exec(ctx, setBikeStatus, arg.ID, arg.Status)
	return err
}
