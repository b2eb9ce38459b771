package harvests

import (
	"context"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/ids"
)

// TxRunner runs a function in a transaction.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// EventWriter appends a domain event to the outbox on q.
type EventWriter interface {
	Enqueue(ctx context.Context, q database.Queryer, topic, key string, payload any) error
}

// Service implements harvest submission.
type Service struct {
	db     *sqlx.DB
	tx     TxRunner
	store  *Store
	events EventWriter
	now    func() time.Time
}

// NewService wires a Service.
func NewService(db *sqlx.DB, tx TxRunner, store *Store, ev EventWriter, now func() time.Time) *Service {
	return &Service{db: db, tx: tx, store: store, events: ev, now: now}
}

// Submit records a farmer's harvest for a week. Resubmitting the same crop
// for the same week returns the original declaration.
func (s *Service) Submit(ctx context.Context, farmerID string, req SubmitRequest) (*Submission, bool, error) {
	d, _ := time.Parse("2006-01-02", req.WeekStart)
	week := httpx.WeekStart(d)

	var (
		out     *Submission
		created bool
	)
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		ok, err := s.store.FarmerExists(ctx, tx, farmerID)
		if err != nil {
			return err
		}
		if !ok {
			return database.ErrNotFound
		}
		if ok, err := s.store.CropKnown(ctx, tx, req.CropCode); err != nil || !ok {
			if err != nil {
				return err
			}
			return httpx.NewError(http.StatusUnprocessableEntity, "unknown_crop", "crop %q is not in the catalogue", req.CropCode)
		}

		sub := &Submission{
			ID:             ids.Short(),
			FarmerID:       farmerID,
			WeekStart:      week,
			CropCode:       req.CropCode,
			QuantityKg:     req.QuantityKg,
			UnitPriceCents: req.UnitPriceCents,
			Status:         StatusAccepted,
			CreatedAt:      s.now(),
		}
		if req.Notes != "" {
			sub.Notes = &req.Notes
		}
		created, err = s.store.InsertSubmission(ctx, tx, sub)
		if err != nil {
			return err
		}
		if !created {
			out, err = s.store.SubmissionFor(ctx, tx, farmerID, week, req.CropCode)
			return err
		}
		out = sub
		return s.events.Enqueue(ctx, tx, events.TopicHarvestSubmitted, sub.ID, events.HarvestSubmitted{
			HarvestID:  sub.ID,
			FarmerID:   farmerID,
			CropCode:   sub.CropCode,
			QuantityKg: sub.QuantityKg,
			WeekStart:  week,
		})
	})
	if err != nil {
		return nil, false, err
	}
	return out, created, nil
}

// List returns a farmer's submissions for a week.
func (s *Service) List(ctx context.Context, farmerID string, week time.Time) ([]Submission, error) {
	return s.store.ListForFarmer(ctx, s.db, farmerID, week)
}
