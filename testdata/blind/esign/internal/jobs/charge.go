package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store"
	"github.com/quillsign/esign/internal/store/queries"
)

// ChargeWorker bills a sent envelope: a usage record for every account, and
// for card accounts a prepaid credit or an immediate card charge.
type ChargeWorker struct {
	river.WorkerDefaults[jobargs.ChargeEnvelope]

	db      app.Database
	charger app.CardCharger
	now     app.Clock
}

// NewChargeWorker returns a ChargeWorker.
func NewChargeWorker(db app.Database, charger app.CardCharger, now app.Clock) *ChargeWorker {
	return &ChargeWorker{db: db, charger: charger, now: now}
}

func (w *ChargeWorker) Work(ctx context.Context, job *river.Job[jobargs.ChargeEnvelope]) error {
	env, err := queries.GetEnvelopeByID(ctx, w.db, job.Args.EnvelopeID)
	if errors.Is(err, queries.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if env.BilledAt != nil {
		return nil
	}
	acct, err := queries.GetAccount(ctx, w.db, env.AccountID)
	if err != nil {
		return err
	}

	usage := domain.UsageRecord{
		ID:         uuid.NewString(),
		AccountID:  acct.ID,
		EnvelopeID: env.ID,
		Quantity:   1,
		UnitCents:  acct.PerEnvelopeCents,
		CreatedAt:  w.now(),
	}
	if _, err := store.Insert(ctx, w.db, usage); err != nil {
		return err
	}

	if acct.BillingMode == domain.BillingCard && acct.PerEnvelopeCents > 0 {
		if err := w.collect(ctx, acct, env); err != nil {
			return err
		}
	}
	return queries.MarkEnvelopeBilled(ctx, w.db, env.ID, w.now())
}

// collect uses a prepaid credit if the account has one, otherwise charges
// the card on file.
func (w *ChargeWorker) collect(ctx context.Context, acct domain.Account, env domain.Envelope) error {
	used, err := store.InTxResult(ctx, w.db, func(tx pgx.Tx) (bool, error) {
		if err := queries.LockAccountCredits(ctx, tx, acct.ID); err != nil {
			return false, err
		}
		consumed, err := store.Get[domain.CreditEntry](ctx, tx, `
			SELECT id, account_id, delta, reason, ref, created_at FROM envelope_credits
			 WHERE account_id = $1 AND reason = 'consumed' AND ref = $2`, acct.ID, env.ID)
		if err == nil && consumed.Delta < 0 {
			return true, nil
		}
		if err != nil && !errors.Is(err, queries.ErrNotFound) {
			return false, err
		}
		balance, err := queries.CreditBalance(ctx, tx, acct.ID)
		if err != nil || balance <= 0 {
			return false, err
		}
		_, err = store.Insert(ctx, tx, domain.CreditEntry{
			ID:        ids.New(),
			AccountID: acct.ID,
			Delta:     -1,
			Reason:    "consumed",
			Ref:       env.ID,
			CreatedAt: w.now(),
		}, store.OnConflictDoNothing("account_id", "ref"), store.ConflictWhere("reason = 'consumed'"))
		return err == nil, err
	})
	if err != nil {
		return fmt.Errorf("use credit: %w", err)
	}
	if used {
		return nil
	}
	if !acct.CanChargeCard() {
		return river.JobCancel(app.ErrNoPaymentSetup)
	}

	res, err := w.charger.Charge(ctx, app.ChargeRequest{
		CustomerID:      *acct.StripeCustomerID,
		PaymentMethodID: *acct.StripePaymentMethodID,
		AmountCents:     int64(acct.PerEnvelopeCents),
		Currency:        acct.Currency,
		Description:     "Envelope " + env.ID,
		Metadata:        map[string]string{"account_id": acct.ID, "envelope_id": env.ID, "purpose": "envelope"},
		IdempotencyKey:  "envelope-charge:" + env.ID,
	})
	if err != nil {
		return fmt.Errorf("charge envelope: %w", err)
	}
	envelopeID := env.ID
	return queries.InsertCharge(ctx, w.db, domain.Charge{
		ID:                    ids.Prefixed(ids.Charge),
		AccountID:             acct.ID,
		Purpose:               "envelope",
		EnvelopeID:            &envelopeID,
		AmountCents:           int64(acct.PerEnvelopeCents),
		Currency:              acct.Currency,
		StripePaymentIntentID: res.PaymentIntentID,
		Status:                res.Status,
		CreatedAt:             w.now(),
	})
}
