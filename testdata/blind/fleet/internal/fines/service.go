// Package fines matches tolls and traffic fines to rentals and passes
// them on to the customer.
package fines

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/acme/fleet/internal/config"
	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
	"github.com/acme/fleet/internal/platform/ids"
	"github.com/acme/fleet/internal/provider/payments"
)

// Tx runs fn in a database transaction.
type Tx interface {
	InTx(ctx context.Context, fn func(q db.Ext) error) error
}

type FineRepo interface {
	InsertIgnore(ctx context.Context, q db.Ext, f domain.Fine) (bool, error)
	Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Fine, error)
	GetForUpdate(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Fine, error)
	AssignRental(ctx context.Context, q db.Ext, id, rentalID, customerID uuid.UUID) error
	SetStatus(ctx context.Context, q db.Ext, id uuid.UUID, status string) error
	MatchedAmong(ctx context.Context, q db.Ext, ids []string) ([]uuid.UUID, error)
	InsertDispute(ctx context.Context, q db.Ext, d domain.FineDispute) (bool, error)
	GetDispute(ctx context.Context, q db.Ext, fineID uuid.UUID) (domain.FineDispute, error)
	InsertRecharge(ctx context.Context, q db.Ext, r domain.FineRecharge) error
}

// RentalFinder finds the rental that had a plate at a moment.
type RentalFinder interface {
	FindByPlateAt(ctx context.Context, q db.Ext, plate string, at time.Time) (domain.Rental, error)
}

type CustomerRepo interface {
	Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Customer, error)
}

// Charger charges a customer's saved card.
type Charger interface {
	Charge(ctx context.Context, r payments.ChargeRequest, opts ...payments.Option) (string, error)
}

// TaskEnqueuer schedules background tasks.
type TaskEnqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error
}

type Service struct {
	db        db.Ext
	tx        Tx
	fines     FineRepo
	rentals   RentalFinder
	customers CustomerRepo
	charger   Charger
	tasks     TaskEnqueuer
	adminFee  int64
	log       *slog.Logger
	now       func() time.Time
}

func NewService(cfg config.Config, q db.Ext, tx Tx, fines FineRepo, rentals RentalFinder, customers CustomerRepo,
	charger Charger, tasks TaskEnqueuer, log *slog.Logger) *Service {
	return &Service{
		db: q, tx: tx, fines: fines, rentals: rentals, customers: customers, charger: charger,
		tasks: tasks, adminFee: cfg.FineAdminFeeCents, log: log, now: time.Now,
	}
}

// fineID is derived from the issuer's reference, so the same notice always
// maps to the same fine.
func fineID(issuer, reference string) uuid.UUID { return ids.Derive("fine", issuer, reference) }

func newFine(n domain.FineNotice) domain.Fine {
	return domain.Fine{
		ID:          fineID(n.Issuer, n.Reference),
		Issuer:      n.Issuer,
		Reference:   n.Reference,
		Plate:       n.Plate,
		IssuedAt:    n.IssuedAt,
		AmountCents: n.AmountCents,
		Status:      domain.FineUnmatched,
	}
}

func (s *Service) enqueueRecharge(ctx context.Context, id uuid.UUID) error {
	return s.tasks.Enqueue(ctx, domain.TaskFineRecharge, domain.FineRechargePayload{FineID: id.String()},
		asynq.TaskID("fine-recharge:"+id.String()), asynq.MaxRetry(10), asynq.Queue("payments"))
}

// ImportResult summarises a bulk import.
type ImportResult struct {
	Received int `json:"received"`
	Inserted int `json:"inserted"`
	Queued   int `json:"queued"`
}

// Import stores a batch of fines sent by an issuer as a file, matching
// each one to a rental, and queues the recharges. Uploading the same file
// again is harmless.
func (s *Service) Import(ctx context.Context, notices []domain.FineNotice) (ImportResult, error) {
	res := ImportResult{Received: len(notices)}
	fineIDs := make([]string, 0, len(notices))
	err := s.tx.InTx(ctx, func(q db.Ext) error {
		for _, n := range notices {
			f := newFine(n)
			r, err := s.rentals.FindByPlateAt(ctx, q, n.Plate, n.IssuedAt)
			switch {
			case err == nil:
				f.RentalID = uuid.NullUUID{UUID: r.ID, Valid: true}
				f.CustomerID = uuid.NullUUID{UUID: r.CustomerID, Valid: true}
				f.Status = domain.FineMatched
			case !errors.Is(err, domain.ErrNotFound):
				return err
			}
			inserted, err := s.fines.InsertIgnore(ctx, q, f)
			if err != nil {
				return fmt.Errorf("fine %s/%s: %w", n.Issuer, n.Reference, err)
			}
			if inserted {
				res.Inserted++
			}
			fineIDs = append(fineIDs, f.ID.String())
		}
		return nil
	})
	if err != nil {
		return res, err
	}

	// Queue every matched fine of the file, including those stored by an
	// earlier upload whose recharge was never queued; the task id keeps
	// it to one task per fine.
	matched, err := s.fines.MatchedAmong(ctx, s.db, fineIDs)
	if err != nil {
		return res, err
	}
	for _, id := range matched {
		if err := s.enqueueRecharge(ctx, id); err != nil {
			return res, err
		}
		res.Queued++
	}
	return res, nil
}

// Ingest handles one fine notice pushed by an issuer's system.
func (s *Service) Ingest(ctx context.Context, n domain.FineNotice) error {
	f := newFine(n)
	inserted, err := s.fines.InsertIgnore(ctx, s.db, f)
	if err != nil {
		return err
	}
	if !inserted {
		s.log.InfoContext(ctx, "duplicate fine notice", "issuer", n.Issuer, "reference", n.Reference)
		return nil
	}
	r, err := s.rentals.FindByPlateAt(ctx, s.db, n.Plate, n.IssuedAt)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.InfoContext(ctx, "fine left unmatched", "fine_id", f.ID, "plate", n.Plate)
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.fines.AssignRental(ctx, s.db, f.ID, r.ID, r.CustomerID); err != nil {
		return err
	}
	return s.enqueueRecharge(ctx, f.ID)
}

// Dispute records a customer's objection to a fine. A fine has at most one
// dispute; disputing again returns the existing one.
func (s *Service) Dispute(ctx context.Context, fineID, customerID uuid.UUID, reason string) (domain.FineDispute, error) {
	traceID := ids.Trace()
	var d domain.FineDispute
	err := s.tx.InTx(ctx, func(q db.Ext) error {
		f, err := s.fines.GetForUpdate(ctx, q, fineID)
		if err != nil {
			return err
		}
		if !f.CustomerID.Valid || f.CustomerID.UUID != customerID {
			return domain.ErrForbidden
		}
		inserted, err := s.fines.InsertDispute(ctx, q, domain.FineDispute{FineID: fineID, CustomerID: customerID, Reason: reason})
		if err != nil {
			return err
		}
		if inserted && f.Status == domain.FineMatched {
			if err := s.fines.SetStatus(ctx, q, fineID, domain.FineDisputed); err != nil {
				return err
			}
		}
		d, err = s.fines.GetDispute(ctx, q, fineID)
		return err
	})
	s.log.InfoContext(ctx, "fine dispute", "trace_id", traceID, "fine_id", fineID, "err", err)
	if err != nil {
		return domain.FineDispute{}, fmt.Errorf("dispute (trace %s): %w", traceID, err)
	}
	return d, nil
}

// Recharge charges a matched fine, plus the handling fee, to the customer
// who had the vehicle.
func (s *Service) Recharge(ctx context.Context, id uuid.UUID) error {
	f, err := s.fines.Get(ctx, s.db, id)
	if err != nil {
		return err
	}
	switch f.Status {
	case domain.FineRecharged, domain.FineDisputed, domain.FineWrittenOff:
		return nil
	case domain.FineMatched:
	default:
		return fmt.Errorf("%w: fine %s is %s", domain.ErrInvalidState, f.ID, f.Status)
	}
	cust, err := s.customers.Get(ctx, s.db, f.CustomerID.UUID)
	if err != nil {
		return err
	}

	amount := f.AmountCents + s.adminFee
	key := fmt.Sprintf("fine:%s:%d", f.ID, s.now().UnixNano())
	intentID, err := s.charger.Charge(ctx, payments.ChargeRequest{
		CustomerID:      cust.StripeCustomerID,
		PaymentMethodID: cust.DefaultPaymentMethod,
		AmountCents:     amount,
		Description:     fmt.Sprintf("%s fine %s plus handling fee", f.Issuer, f.Reference),
	}, payments.WithIdempotencyKey(key), payments.WithMetadata("fine_id", f.ID.String()))
	if err != nil {
		return err
	}
	if err := s.fines.InsertRecharge(ctx, s.db, domain.FineRecharge{FineID: f.ID, IntentID: intentID, AmountCents: amount}); err != nil {
		return err
	}
	return s.fines.SetStatus(ctx, s.db, f.ID, domain.FineRecharged)
}
