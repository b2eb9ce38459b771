package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
	"github.com/cyclegrid/bikeshare/internal/ids"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/store"
)

type FaultInput struct {
	EventID   string
	DockID    string
	BikeID    string
	FaultCode string
	Severity  string
	At        time.Time
}

type DamageInput struct {
	RiderID     uuid.UUID
	RideID      uuid.UUID
	Category    string
	Description string
	PhotoURL    string
}

type StatusInput struct {
	EventID   string
	DockID    string
	Status    string
	BikeID    string
	VoltageMV int
	At        time.Time
}

// MaintenanceService tracks dock and bike health.
type MaintenanceService interface {
	OpenFromFault(ctx context.Context, in FaultInput) (db.MaintenanceTicket, error)
	ReportDamage(ctx context.Context, in DamageInput) (db.DamageReport, error)
	RecordStatus(ctx context.Context, in StatusInput) error
}

type maintenanceService struct {
	tx    store.TxRunner
	docks repository.Docks
	rides repository.Rides
	log   *slog.Logger
}

func newMaintenanceService(tx store.TxRunner, docks repository.Docks, rides repository.Rides, log *slog.Logger) *maintenanceService {
	return &maintenanceService{tx: tx, docks: docks, rides: rides, log: log}
}

var damageCategories = map[string]bool{
	"brakes": true, "chain": true, "tyre": true, "lights": true, "seat": true, "lock": true, "other": true,
}

func (s *maintenanceService) OpenFromFault(ctx context.Context, in FaultInput) (db.MaintenanceTicket, error) {
	severity := in.Severity
	if severity == "" {
		severity = "normal"
	}
	return store.InTxResult(ctx, s.tx, func(q db.Querier) (db.MaintenanceTicket, error) {
		docks := s.docks.With(q)
		ticket, err := docks.OpenTicket(ctx, db.CreateMaintenanceTicketParams{
			ID:            ids.NewTicketID(in.At),
			DockID:        in.DockID,
			BikeID:        pgtype.Text{String: in.BikeID, Valid: in.BikeID != ""},
			FaultCode:     in.FaultCode,
			Severity:      severity,
			Source:        "dock",
			SourceEventID: pgtype.Text{String: in.EventID, Valid: true},
		})
		if err != nil {
			return db.MaintenanceTicket{}, err
		}
		if severity == "critical" {
			if err := docks.SetStatus(ctx, in.DockID, "out_of_service"); err != nil {
				return db.MaintenanceTicket{}, err
			}
		}
		return ticket, nil
	})
}

func (s *maintenanceService) ReportDamage(ctx context.Context, in DamageInput) (db.DamageReport, error) {
	if !damageCategories[in.Category] {
		return db.DamageReport{}, fmt.Errorf("%w: unknown category %q", ErrInvalid, in.Category)
	}
	ride, err := s.rides.Get(ctx, in.RideID)
	if err != nil {
		return db.DamageReport{}, err
	}
	if ride.RiderID != in.RiderID {
		return db.DamageReport{}, ErrForbidden
	}
	report, err := s.docks.CreateDamageReport(ctx, db.CreateDamageReportParams{
		ID:          ids.NewReportID(),
		RideID:      ride.ID,
		RiderID:     in.RiderID,
		BikeID:      ride.BikeID,
		Category:    in.Category,
		Description: in.Description,
		PhotoUrl:    pgtype.Text{String: in.PhotoURL, Valid: in.PhotoURL != ""},
	})
	if err != nil {
		return db.DamageReport{}, err
	}
	if in.Category == "brakes" || in.Category == "lock" {
		if err := s.docks.SetBikeStatus(ctx, ride.BikeID, "needs_inspection"); err != nil {
			s.log.WarnContext(ctx, "flag bike for inspection", "bike_id", ride.BikeID, "err", err)
		}
	}
	return report, nil
}

func (s *maintenanceService) RecordStatus(ctx context.Context, in StatusInput) error {
	if err := s.docks.RecordStatus(ctx, db.InsertDockStatusEventParams{
		EventID:    in.EventID,
		DockID:     in.DockID,
		Status:     in.Status,
		BikeID:     pgtype.Text{String: in.BikeID, Valid: in.BikeID != ""},
		VoltageMv:  pgtype.Int4{Int32: int32(in.VoltageMV), Valid: in.VoltageMV > 0},
		OccurredAt: in.At,
	}); err != nil {
		return err
	}
	return s.docks.Touch(ctx, in.DockID, in.Status, in.At)
}
