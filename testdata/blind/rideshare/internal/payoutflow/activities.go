package payoutflow

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/ids"
	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/notify"
	"github.com/wayfare/ridepay/internal/provider/payouts"
	"github.com/wayfare/ridepay/internal/store"
)

// PayoutProvider is the subset of the payouts client the activities use.
type PayoutProvider interface {
	CreatePayment(ctx context.Context, in payouts.Instruction, opts ...payouts.Option) (*payouts.Payment, error)
}

// Publisher emits domain events on the bus.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload any, msgID string) error
}

// SubjectBatchClosed is where BatchClosed events are published.
const SubjectBatchClosed = "payouts.batch_closed"

// BatchClosed is published when a weekly payout batch is done.
type BatchClosed struct {
	BatchID   uuid.UUID `json:"batch_id"`
	Submitted int       `json:"submitted"`
	Failed    int       `json:"failed"`
}

// Activities are the weekly payout activities. Register the struct with the
// worker; Temporal exposes each exported method as an activity.
type Activities struct {
	sqldb    *sql.DB
	q        *db.Queries
	repo     store.PayoutRepo
	balances store.BalanceRepo
	drivers  store.DriverRepo
	provider PayoutProvider
	notifier notify.Notifier
	pub      Publisher
	log      *slog.Logger

	minimumPayout int64
	newReference  func() string
}

// Deps groups what the activities need.
type Deps struct {
	DB            *sql.DB
	Payouts       store.PayoutRepo
	Balances      store.BalanceRepo
	Drivers       store.DriverRepo
	Provider      PayoutProvider
	Notifier      notify.Notifier
	Publisher     Publisher
	Log           *slog.Logger
	MinimumPayout int64
}

// NewActivities wires the activities.
func NewActivities(d Deps) *Activities {
	return &Activities{
		sqldb:         d.DB,
		q:             db.New(d.DB),
		repo:          d.Payouts,
		balances:      d.Balances,
		drivers:       d.Drivers,
		provider:      d.Provider,
		notifier:      d.Notifier,
		pub:           d.Publisher,
		log:           d.Log,
		minimumPayout: d.MinimumPayout,
		newReference:  ids.NewPaymentReference,
	}
}

// SnapshotInput is the input of SnapshotBalances.
type SnapshotInput struct {
	PeriodStart time.Time
	PeriodEnd   time.Time
}

// SnapshotResult lists the payout lines of the batch.
type SnapshotResult struct {
	BatchID uuid.UUID
	LineIDs []uuid.UUID
}

// SnapshotBalances creates the run's payout batch and one line per driver
// with a payable balance. The batch is keyed by the workflow id.
func (a *Activities) SnapshotBalances(ctx context.Context, in SnapshotInput) (SnapshotResult, error) {
	info := activity.GetInfo(ctx)
	workflowID := info.WorkflowExecution.ID
	batchID := ids.Derive("payout-batch", workflowID)

	err := store.WithTx(ctx, a.sqldb, func(q *db.Queries) error {
		n, err := q.InsertPayoutBatch(ctx, db.InsertPayoutBatchParams{
			ID:          batchID,
			WorkflowID:  workflowID,
			PeriodStart: in.PeriodStart,
			PeriodEnd:   in.PeriodEnd,
		})
		if err != nil {
			return fmt.Errorf("insert batch: %w", err)
		}
		if n == 0 {
			existing, err := q.GetPayoutBatchByWorkflow(ctx, workflowID)
			if err != nil {
				return err
			}
			batchID = existing.ID
			return nil
		}
		_, err = q.SnapshotPayoutLines(ctx, db.SnapshotPayoutLinesParams{BatchID: batchID, MinimumPayout: a.minimumPayout})
		return err
	})
	if err != nil {
		return SnapshotResult{}, err
	}

	lines, err := a.repo.ListLines(ctx, batchID)
	if err != nil {
		return SnapshotResult{}, err
	}
	out := SnapshotResult{BatchID: batchID, LineIDs: make([]uuid.UUID, 0, len(lines))}
	for _, l := range lines {
		out.LineIDs = append(out.LineIDs, l.ID)
	}
	return out, nil
}

// SubmitInput is the input of SubmitPayout.
type SubmitInput struct {
	LineID uuid.UUID
}

// SubmitResult reports what happened to one line.
type SubmitResult struct {
	Submitted bool
	Reference string
}

// SubmitPayout sends one driver's weekly payout to the provider.
func (a *Activities) SubmitPayout(ctx context.Context, in SubmitInput) (SubmitResult, error) {
	line, err := a.repo.GetLine(ctx, in.LineID)
	if err != nil {
		return SubmitResult{}, fmt.Errorf("load line %s: %w", in.LineID, err)
	}
	if line.Status != "pending" {
		return SubmitResult{Submitted: line.Status != "failed", Reference: line.PaymentReference.String}, nil
	}
	driver, err := a.drivers.Get(ctx, line.DriverID)
	if err != nil {
		return SubmitResult{}, err
	}
	if driver.PayoutFrozen || !driver.PayeeID.Valid {
		return SubmitResult{}, temporal.NewNonRetryableApplicationError("driver not payable", "NotPayable", nil, line.DriverID.String())
	}

	ref := a.newReference()
	p, err := a.provider.CreatePayment(ctx, payouts.Instruction{
		PayeeID:     driver.PayeeID.String,
		AmountCents: line.AmountCents,
		Currency:    line.Currency,
	}, payouts.WithPaymentReference(ref), payouts.WithMemo("Weekly driver earnings"))
	if err != nil {
		return SubmitResult{}, err
	}
	if err := a.repo.MarkLineSubmitted(ctx, line.ID, ref, p.ID); err != nil {
		return SubmitResult{}, fmt.Errorf("mark line submitted: %w", err)
	}
	return SubmitResult{Submitted: true, Reference: ref}, nil
}

// SettleInput is the input of SettleLedger.
type SettleInput struct {
	BatchID uuid.UUID
}

// SettleLedger moves submitted payouts out of the drivers' available
// balances and journals them.
func (a *Activities) SettleLedger(ctx context.Context, in SettleInput) (int, error) {
	lines, err := a.repo.ListLines(ctx, in.BatchID)
	if err != nil {
		return 0, err
	}
	settled := 0
	for _, line := range lines {
		if line.Status != "submitted" {
			continue
		}
		activity.RecordHeartbeat(ctx, line.ID.String())

		if err := a.balances.Debit(ctx, line.DriverID, line.AmountCents); err != nil {
			return settled, err
		}
		if _, err := ledger.Journal(ctx, a.q, ledger.Entry{
			ID:         ids.LedgerKey("payout", line.ID.String()),
			DriverID:   line.DriverID,
			Kind:       ledger.KindPayout,
			Amount:     -line.AmountCents,
			Currency:   line.Currency,
			SourceType: "payout",
			SourceRef:  line.PaymentReference.String,
			Memo:       "Weekly payout",
		}); err != nil {
			return settled, err
		}
		if err := a.repo.MarkLineSettled(ctx, line.ID); err != nil {
			return settled, err
		}
		settled++
	}
	return settled, nil
}

// NotifyInput is the input of NotifyDriver.
type NotifyInput struct {
	LineID uuid.UUID
}

// NotifyDriver tells a driver their weekly payout is on its way.
func (a *Activities) NotifyDriver(ctx context.Context, in NotifyInput) error {
	info := activity.GetInfo(ctx)
	line, err := a.repo.GetLine(ctx, in.LineID)
	if err != nil {
		return err
	}
	key := ids.MessageID("payout-sent", info.WorkflowExecution.ID, info.ActivityID)
	return a.notifier.Once(ctx, key, line.DriverID, notify.Notice{
		Category: "payout",
		Title:    "Payout on its way",
		Body:     fmt.Sprintf("%s %d.%02d is on its way to your bank account.", line.Currency, line.AmountCents/100, line.AmountCents%100),
		Data:     map[string]string{"line_id": line.ID.String()},
	})
}

// CloseInput is the input of CloseBatch.
type CloseInput struct {
	BatchID   uuid.UUID
	Submitted int
	Failed    int
}

// CloseBatch marks the batch closed and announces it.
func (a *Activities) CloseBatch(ctx context.Context, in CloseInput) error {
	if _, err := a.repo.CloseBatch(ctx, in.BatchID); err != nil {
		return fmt.Errorf("close batch %s: %w", in.BatchID, err)
	}
	return a.pub.Publish(ctx, SubjectBatchClosed, BatchClosed{
		BatchID:   in.BatchID,
		Submitted: in.Submitted,
		Failed:    in.Failed,
	}, ids.MessageID(SubjectBatchClosed, in.BatchID.String()))
}
