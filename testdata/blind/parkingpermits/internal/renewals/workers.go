package renewals

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/notices"
	"github.com/curbline-civic/permits/internal/platform/database"
	"github.com/curbline-civic/permits/internal/providers/paygate"
)

// Store is the renewal storage the workers use.
type Store interface {
	Target(ctx context.Context, permitID uuid.UUID) (*Target, error)
	RecordNotice(ctx context.Context, permitID uuid.UUID, termYear int, at time.Time) error
	CreateOrder(ctx context.Context, o Order) error
	GetOrder(ctx context.Context, id uuid.UUID) (*Order, error)
	SetOrderStatus(ctx context.Context, id uuid.UUID, from, to string, chargeRef *string) (bool, error)
	InsertLedger(ctx context.Context, e domain.LedgerEntry) error
	InsertTerm(ctx context.Context, t Term) error
}

// PermitExtender moves a permit's expiry.
type PermitExtender interface {
	ExtendExpiry(ctx context.Context, id uuid.UUID, years int) (time.Time, error)
}

// Charger charges a saved card.
type Charger interface {
	CreateCharge(ctx context.Context, req paygate.ChargeRequest) (*paygate.Charge, error)
}

// Enqueuer inserts follow-up jobs. In the worker binary it is the River
// client; the workers get it from the job context when nil.
type Enqueuer interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
	InsertTx(ctx context.Context, tx *sql.Tx, args river.JobArgs, opts *river.InsertOpts) error
}

type contextEnqueuer struct{}

func (contextEnqueuer) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := river.ClientFromContext[*sql.Tx](ctx).Insert(ctx, args, opts)
	return err
}

func (contextEnqueuer) InsertTx(ctx context.Context, tx *sql.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := river.ClientFromContext[*sql.Tx](ctx).InsertTx(ctx, tx, args, opts)
	return err
}

// ContextEnqueuer enqueues through the River client carried by a job's
// context.
func ContextEnqueuer() Enqueuer { return contextEnqueuer{} }

// NoticeWorker sends the renewal reminder and schedules the auto-renew
// charge.
type NoticeWorker struct {
	river.WorkerDefaults[NoticeArgs]
	Store   Store
	Email   notices.EmailSender
	Enqueue Enqueuer
	Log     *slog.Logger
}

func (w *NoticeWorker) Work(ctx context.Context, job *river.Job[NoticeArgs]) error {
	t, err := w.Store.Target(ctx, job.Args.PermitID)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return river.JobCancel(err)
		}
		return err
	}
	if t.Status != domain.PermitActive {
		w.Log.Info("skipping renewal notice for inactive permit", "permit", t.PermitID, "status", t.Status)
		return nil
	}
	autoRenew := t.CustomerID != nil && t.MethodID != nil

	err = notices.SendRenewalReminder(ctx, w.Email, notices.Renewal{
		Email:        t.Email,
		Name:         t.Name,
		PermitNumber: t.PermitNumber,
		Zone:         t.ZoneCode,
		Plate:        t.Plate,
		ExpiresAt:    t.ExpiresAt,
		FeeCents:     t.FeeCents,
		AutoRenew:    autoRenew,
	})
	if err != nil {
		return fmt.Errorf("send reminder: %w", err)
	}
	if err := w.Store.RecordNotice(ctx, t.PermitID, job.Args.TermYear, time.Now().UTC()); err != nil {
		return err
	}
	if !autoRenew {
		return nil
	}
	return w.Enqueue.Insert(ctx, ChargeArgs{PermitID: t.PermitID, TermYear: job.Args.TermYear}, &river.InsertOpts{
		ScheduledAt: t.ExpiresAt.AddDate(0, 0, -14),
	})
}

// ChargeWorker charges the saved card for a renewal.
type ChargeWorker struct {
	river.WorkerDefaults[ChargeArgs]
	Store   Store
	Charger Charger
	Tx      database.TxRunner
	Enqueue Enqueuer
	Log     *slog.Logger
}

func (w *ChargeWorker) Work(ctx context.Context, job *river.Job[ChargeArgs]) error {
	t, err := w.Store.Target(ctx, job.Args.PermitID)
	if err != nil {
		return err
	}
	if t.Status != domain.PermitActive || t.CustomerID == nil || t.MethodID == nil {
		return river.JobCancel(fmt.Errorf("permit %s no longer auto-renews", t.PermitID))
	}

	order := Order{
		ID:          uuid.New(),
		PermitID:    t.PermitID,
		TermYear:    job.Args.TermYear,
		AmountCents: t.FeeCents,
		Status:      "pending",
		CreatedAt:   time.Now().UTC(),
	}
	if err := w.Store.CreateOrder(ctx, order); err != nil {
		return err
	}

	charge, err := w.Charger.CreateCharge(ctx, paygate.ChargeRequest{
		AmountCents:    order.AmountCents,
		Currency:       "usd",
		Customer:       *t.CustomerID,
		PaymentMethod:  *t.MethodID,
		Description:    fmt.Sprintf("Parking permit renewal %s (%d)", t.PermitNumber, order.TermYear),
		Metadata:       map[string]string{"permit_id": t.PermitID.String(), "term_year": fmt.Sprint(order.TermYear)},
		IdempotencyKey: fmt.Sprintf("renewal-%s-%d", t.PermitID, order.TermYear),
	})
	if err != nil {
		var dec *paygate.DeclineError
		if errors.As(err, &dec) {
			if _, serr := w.Store.SetOrderStatus(ctx, order.ID, "pending", "declined", nil); serr != nil {
				return serr
			}
			return river.JobCancel(err)
		}
		return err
	}

	return w.Tx.InTx(ctx, func(ctx context.Context) error {
		moved, err := w.Store.SetOrderStatus(ctx, order.ID, "pending", "paid", &charge.ID)
		if err != nil || !moved {
			return err
		}
		if err := w.Store.InsertLedger(ctx, domain.LedgerEntry{
			ID:            order.ID,
			ApplicationID: t.ApplicationID,
			Source:        domain.SourceRenewal,
			AmountCents:   order.AmountCents,
			ProviderRef:   charge.ID,
			ReceivedAt:    time.Now().UTC(),
		}); err != nil {
			return err
		}
		tx, _ := database.TxFrom(ctx)
		return w.Enqueue.InsertTx(ctx, tx.Tx, ApplyArgs{OrderID: order.ID}, nil)
	})
}

// ApplyWorker extends a permit by one term once its renewal order is paid.
type ApplyWorker struct {
	river.WorkerDefaults[ApplyArgs]
	Store   Store
	Permits PermitExtender
	Tx      database.TxRunner
}

func (w *ApplyWorker) Work(ctx context.Context, job *river.Job[ApplyArgs]) error {
	order, err := w.Store.GetOrder(ctx, job.Args.OrderID)
	if err != nil {
		return err
	}
	if order.Status != "paid" {
		return nil
	}
	return w.Tx.InTx(ctx, func(ctx context.Context) error {
		until, err := w.Permits.ExtendExpiry(ctx, order.PermitID, 1)
		if err != nil {
			return err
		}
		if err := w.Store.InsertTerm(ctx, Term{
			PermitID: order.PermitID, TermYear: order.TermYear, EndsAt: until, OrderID: order.ID,
		}); err != nil {
			return err
		}
		_, err = w.Store.SetOrderStatus(ctx, order.ID, "paid", "applied", nil)
		return err
	})
}
