package reservations

import (
	"context"
	"errors"
	"log/slog"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/notify"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/payments"
	"github.com/pawsandstay/kennel/internal/platform"
)

// DepositWorker charges the deposit for a newly booked stay. The stay is
// confirmed by the payment_intent.succeeded webhook.
type DepositWorker struct {
	river.WorkerDefaults[jobs.CollectDeposit]

	db      *bun.DB
	repo    *Repo
	dir     owners.Directory
	gateway payments.Gateway
	outbox  *notify.Outbox
	log     *slog.Logger
}

// NewDepositWorker returns the worker.
func NewDepositWorker(db *bun.DB, repo *Repo, dir owners.Directory, gw payments.Gateway, outbox *notify.Outbox, log *slog.Logger) *DepositWorker {
	return &DepositWorker{db: db, repo: repo, dir: dir, gateway: gw, outbox: outbox, log: log}
}

// Work implements river.Worker.
func (w *DepositWorker) Work(ctx context.Context, job *river.Job[jobs.CollectDeposit]) error {
	dep, err := w.repo.Deposits.Get(ctx, job.Args.ReservationID)
	if err != nil {
		return err
	}
	if dep.Status != DepositPending {
		return nil
	}
	res, err := w.repo.Get(ctx, dep.ReservationID)
	if err != nil {
		return err
	}
	if res.Status != StatusPendingDeposit {
		return nil
	}
	owner, err := w.dir.Owner(ctx, res.OwnerID)
	if err != nil {
		return err
	}
	if !owner.CanBeCharged() {
		return w.fail(ctx, res, "no saved card")
	}

	intent, err := w.gateway.CreateDeposit(ctx, payments.DepositRequest{
		OperationID:     "deposit_" + res.ID.String(),
		CustomerID:      *owner.StripeCustomerID,
		PaymentMethodID: *owner.DefaultPaymentMethodID,
		AmountCents:     dep.AmountCents,
		Currency:        dep.Currency,
		Description:     "Boarding deposit " + res.CheckIn.Format("Jan 2") + " - " + res.CheckOut.Format("Jan 2"),
		Metadata: map[string]string{
			"kind":           "deposit",
			"reservation_id": res.ID.String(),
			"location_id":    res.LocationID,
		},
	})
	var declined *payments.DeclinedError
	if errors.As(err, &declined) {
		return w.fail(ctx, res, declined.Error())
	}
	if err != nil {
		return err
	}

	_, err = w.db.NewUpdate().Model((*Deposit)(nil)).
		Set("payment_intent_id = ?", intent.ID).
		Set("status = ?", DepositProcessing).
		Set("updated_at = now()").
		Where("reservation_id = ? AND status = ?", res.ID, DepositPending).
		Exec(ctx)
	return err
}

func (w *DepositWorker) fail(ctx context.Context, res *Reservation, msg string) error {
	w.log.Info("deposit failed", "reservation", res.ID, "reason", msg)
	return platform.InTx(ctx, w.db, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewUpdate().Model((*Deposit)(nil)).
			Set("status = ?", DepositFailed).
			Set("failure_message = ?", msg).
			Set("updated_at = now()").
			Where("reservation_id = ? AND status = ?", res.ID, DepositPending).
			Exec(ctx)
		if err != nil {
			return err
		}
		dog, err := w.dir.Dog(ctx, res.DogID)
		if err != nil {
			return err
		}
		_, err = w.outbox.Enqueue(ctx, tx, notify.Notification{
			OwnerID:       res.OwnerID,
			ReservationID: &res.ID,
			Template:      notify.TplDepositFailed,
			Vars:          map[string]any{"Dog": dog.Name},
			DedupKey:      "deposit_failed:" + res.ID.String(),
		})
		return err
	})
}
