// Package shifts implements usecase.Shifts for the driver app: expense
// claims during a shift and closing the shift, which creates the payout.
package shifts

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/domain"
	"github.com/northline/coachbus/internal/jobs"
	"github.com/northline/coachbus/internal/usecase"
)

// JobQueue enqueues river jobs inside our transactions.
type JobQueue interface {
	EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) error
}

// Service implements usecase.Shifts.
type Service struct {
	store    *db.Store
	jobs     JobQueue
	currency string
}

// New builds the service.
func New(store *db.Store, jobs JobQueue) *Service {
	return &Service{store: store, jobs: jobs, currency: "gbp"}
}

var validExpenseKinds = map[string]bool{"fuel": true, "toll": true, "parking": true, "meal": true, "other": true}

// AddExpense records an out-of-pocket expense against an open shift; it is
// reimbursed with the shift payout.
func (s *Service) AddExpense(ctx context.Context, in usecase.ExpenseInput) (usecase.Expense, error) {
	if !validExpenseKinds[in.Kind] || in.AmountCents <= 0 {
		return usecase.Expense{}, domain.ErrInvalidInput
	}
	shift, err := s.store.GetShift(ctx, in.ShiftID)
	if err != nil {
		if db.IsNotFound(err) {
			return usecase.Expense{}, domain.ErrNotFound
		}
		return usecase.Expense{}, err
	}
	if shift.Status != "open" {
		return usecase.Expense{}, domain.ErrShiftClosed
	}
	var receipt *string
	if in.ReceiptRef != "" {
		receipt = &in.ReceiptRef
	}
	e, err := s.store.InsertShiftExpense(ctx, db.InsertShiftExpenseParams{
		ID:          uuid.New(),
		ShiftID:     shift.ID,
		Kind:        in.Kind,
		AmountCents: in.AmountCents,
		ReceiptRef:  receipt,
	})
	if err != nil {
		return usecase.Expense{}, fmt.Errorf("insert expense: %w", err)
	}
	return usecase.Expense{ID: e.ID, ShiftID: e.ShiftID, Kind: e.Kind, AmountCents: e.AmountCents}, nil
}

// CloseShift ends the shift, works out pay plus expenses and queues the
// bank payout.
func (s *Service) CloseShift(ctx context.Context, in usecase.CloseShiftInput) (usecase.Payout, error) {
	var out db.DriverPayout
	err := s.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		shift, err := q.GetShift(ctx, in.ShiftID)
		if err != nil {
			if db.IsNotFound(err) {
				return domain.ErrNotFound
			}
			return err
		}
		worked := in.EndedAt.Sub(shift.StartedAt)
		if worked < 0 || worked > 16*time.Hour {
			return fmt.Errorf("%w: shift length %s", domain.ErrInvalidInput, worked)
		}
		minutes := int32(worked / time.Minute)
		shift, err = q.CloseShift(ctx, db.CloseShiftParams{ID: shift.ID, EndedAt: &in.EndedAt, Minutes: &minutes})
		if err != nil {
			return fmt.Errorf("close shift: %w", err)
		}
		driver, err := q.GetDriver(ctx, shift.DriverID)
		if err != nil {
			return fmt.Errorf("load driver: %w", err)
		}
		expenses, err := q.SumShiftExpenses(ctx, shift.ID)
		if err != nil {
			return fmt.Errorf("sum expenses: %w", err)
		}
		out, err = q.InsertDriverPayout(ctx, db.InsertDriverPayoutParams{
			ID:          uuid.New(),
			ShiftID:     shift.ID,
			DriverID:    driver.ID,
			AmountCents: int64(minutes)*driver.HourlyRateCents/60 + expenses,
			Currency:    s.currency,
		})
		if err != nil {
			return fmt.Errorf("create payout: %w", err)
		}
		return s.jobs.EnqueueTx(ctx, tx, jobs.DriverPayoutArgs{PayoutID: out.ID}, nil)
	})
	if err != nil {
		return usecase.Payout{}, err
	}
	return usecase.Payout{ID: out.ID, ShiftID: out.ShiftID, AmountCents: out.AmountCents, Status: out.Status}, nil
}
