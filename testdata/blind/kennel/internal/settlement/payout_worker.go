package settlement

import (
	"context"
	"errors"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/payments"
	"github.com/pawsandstay/kennel/internal/platform"
)

// PayoutWorker transfers a payout to the franchise's connected account.
type PayoutWorker struct {
	river.WorkerDefaults[jobs.PayFranchise]

	db      *bun.DB
	payouts *platform.Store[Payout]
	dir     owners.Directory
	gateway payments.Gateway
}

// NewPayoutWorker returns the worker.
func NewPayoutWorker(db *bun.DB, dir owners.Directory, gw payments.Gateway) *PayoutWorker {
	return &PayoutWorker{db: db, payouts: platform.NewStore[Payout](db), dir: dir, gateway: gw}
}

// Work implements river.Worker.
func (w *PayoutWorker) Work(ctx context.Context, job *river.Job[jobs.PayFranchise]) error {
	p, err := w.payouts.Get(ctx, job.Args.PayoutID)
	if errors.Is(err, platform.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if p.Status != PayoutPending {
		return nil
	}
	fr, err := w.dir.Franchise(ctx, p.FranchiseID)
	if err != nil {
		return err
	}

	t, err := w.gateway.Transfer(ctx, payments.TransferRequest{
		OperationID:   "payout_" + p.ID,
		Destination:   fr.StripeAccountID,
		AmountCents:   p.AmountCents,
		Currency:      p.Currency,
		TransferGroup: "settlement_" + p.SettlementID,
		Description:   "Nightly boarding settlement",
		Metadata:      map[string]string{"payout_id": p.ID, "settlement_id": p.SettlementID},
	})
	if err != nil {
		return err
	}

	return w.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Payout)(nil)).
			Set("status = ?", PayoutPaid).
			Set("stripe_transfer_id = ?", t.ID).
			Set("paid_at = now()").
			Where("id = ? AND status = ?", p.ID, PayoutPending).
			Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		_, err = tx.NewRaw(`
			UPDATE franchise_balances SET balance_cents = balance_cents - ?, updated_at = now()
			WHERE franchise_id = ?`, p.AmountCents, p.FranchiseID).Exec(ctx)
		return err
	})
}
