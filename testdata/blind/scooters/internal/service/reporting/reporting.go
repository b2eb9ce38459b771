// Package reporting sends the city regulator its daily trip reports.
package reporting

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
	"github.com/kickvolt/ridecore/internal/regulator"
)

type Batches interface {
	EnsureBatch(ctx context.Context, id, zoneID string, serviceDate time.Time) error
	GetBatch(ctx context.Context, id string) (*domain.TripReportBatch, error)
	MarkBatchSubmitted(ctx context.Context, id, receipt string, trips int, at time.Time) error
}

type Rides interface {
	UnreportedInWindow(ctx context.Context, zoneID string, from, to time.Time) ([]domain.Ride, error)
	MarkReported(ctx context.Context, ids []uuid.UUID, at time.Time) error
}

// SubmitFunc posts a trip batch to the regulator.
type SubmitFunc func(ctx context.Context, batch regulator.TripBatch, opts ...regulator.CallOption) (*regulator.Receipt, error)

type Service struct {
	tx      pgstore.Transactor
	batches Batches
	rides   Rides
	submit  SubmitFunc
	loc     *time.Location
	log     *slog.Logger
}

func New(tx pgstore.Transactor, batches Batches, rides Rides, submit SubmitFunc, loc *time.Location, log *slog.Logger) *Service {
	return &Service{tx: tx, batches: batches, rides: rides, submit: submit, loc: loc, log: log}
}

// BatchID names the report for one zone and service day.
func BatchID(zoneID string, day time.Time) string {
	return fmt.Sprintf("trips-%s-%s", zoneID, day.Format("20060102"))
}

// SubmitDay reports every finished, unreported trip of a zone's service day.
func (s *Service) SubmitDay(ctx context.Context, zoneID, serviceDate string) error {
	day, err := time.ParseInLocation("2006-01-02", serviceDate, s.loc)
	if err != nil {
		return fmt.Errorf("service date: %w", err)
	}
	id := BatchID(zoneID, day)
	if err := s.batches.EnsureBatch(ctx, id, zoneID, day); err != nil {
		return err
	}
	batch, err := s.batches.GetBatch(ctx, id)
	if err != nil {
		return err
	}
	if batch.Status == "submitted" {
		return nil
	}

	rides, err := s.rides.UnreportedInWindow(ctx, zoneID, day, day.AddDate(0, 0, 1))
	if err != nil {
		return err
	}
	trips := make([]regulator.Trip, 0, len(rides))
	ids := make([]uuid.UUID, 0, len(rides))
	for _, r := range rides {
		t := regulator.Trip{
			TripID:     r.ID.String(),
			VehicleID:  r.ScooterID,
			StartTime:  r.StartedAt,
			EndTime:    *r.EndedAt,
			DistanceM:  r.DistanceM,
			StartPoint: [2]float64{r.Start.Lng, r.Start.Lat},
		}
		if r.End != nil {
			t.EndPoint = [2]float64{r.End.Lng, r.End.Lat}
		}
		trips = append(trips, t)
		ids = append(ids, r.ID)
	}

	receipt, err := s.submit(ctx, regulator.TripBatch{Zone: zoneID, ServiceDate: serviceDate, Trips: trips})
	if err != nil {
		return fmt.Errorf("submit %s: %w", id, err)
	}
	s.log.InfoContext(ctx, "trip report submitted", "batch", id, "trips", len(trips), "submission", receipt.SubmissionID)

	return s.tx.InTx(ctx, func(ctx context.Context) error {
		now := time.Now().UTC()
		if err := s.batches.MarkBatchSubmitted(ctx, id, receipt.SubmissionID, len(trips), now); err != nil {
			return err
		}
		return s.rides.MarkReported(ctx, ids, now)
	})
}
