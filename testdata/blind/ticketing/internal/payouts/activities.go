package payouts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/stripe/stripe-go/v82"
	"github.com/uptrace/bun"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/stagepass/ticketing/internal/payments"
)

// Activities implements the payout workflow's activities.
type Activities struct {
	DB      bun.IDB
	Gateway payments.Gateway
	Backoff func() backoff.BackOff
}

// ActivityDef pairs a registered name with its implementation.
type ActivityDef struct {
	Name string
	Fn   any
}

// Definitions is the registration table consumed by the worker.
func (a *Activities) Definitions() []ActivityDef {
	return []ActivityDef{
		{Name: ActCreateStatement, Fn: a.CreateStatement},
		{Name: ActLockLines, Fn: a.LockLines},
		{Name: ActTransfer, Fn: a.TransferToOrganiser},
		{Name: ActPayout, Fn: a.CreateStripePayout},
		{Name: ActRecordPayout, Fn: a.RecordPayout},
	}
}

func statementID(organiserID, period string) string { return organiserID + ":" + period }

func (a *Activities) loadStatement(ctx context.Context, db bun.IDB, id string, forUpdate bool) (Statement, error) {
	var st Statement
	q := db.NewSelect().Model(&st).Where("ps.id = ?", id)
	if forUpdate {
		q = q.For("UPDATE")
	}
	err := q.Scan(ctx)
	return st, err
}

// CreateStatement opens the statement for the organiser and period.
func (a *Activities) CreateStatement(ctx context.Context, in Input) (StatementRef, error) {
	var org Organiser
	if err := a.DB.NewSelect().Model(&org).Where("org.id = ?", in.OrganiserID).Scan(ctx); err != nil {
		return StatementRef{}, fmt.Errorf("load organiser: %w", err)
	}
	if org.StripeAccountID == nil {
		return StatementRef{}, temporal.NewNonRetryableApplicationError(
			"organiser has no connected Stripe account", "NoConnectedAccount", nil)
	}
	st := Statement{
		ID:          statementID(in.OrganiserID, in.Period),
		OrganiserID: in.OrganiserID,
		Period:      in.Period,
		PeriodEnd:   in.PeriodEnd,
		Currency:    in.Currency,
		Status:      "open",
	}
	if _, err := a.DB.NewInsert().Model(&st).Exec(ctx); err != nil {
		return StatementRef{}, fmt.Errorf("insert statement: %w", err)
	}
	activity.GetLogger(ctx).Info("statement opened", "statement_id", st.ID)
	return StatementRef{StatementID: st.ID, OrganiserID: st.OrganiserID, Currency: st.Currency}, nil
}

// LockLines attaches all unpaid payout lines up to the period end to the
// statement and totals them. Re-running after the statement is locked just
// returns the stored total.
func (a *Activities) LockLines(ctx context.Context, ref StatementRef) (StatementRef, error) {
	err := a.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st, err := a.loadStatement(ctx, tx, ref.StatementID, true)
		if err != nil {
			return err
		}
		if st.Status != "open" {
			ref.TotalCents = st.TotalCents
			return nil
		}
		if _, err := tx.NewRaw(`
			UPDATE payout_lines SET statement_id = ?
			WHERE organiser_id = ? AND statement_id IS NULL AND created_at < ?`,
			st.ID, st.OrganiserID, st.PeriodEnd).Exec(ctx); err != nil {
			return err
		}
		var total int64
		if err := tx.NewRaw(`SELECT COALESCE(sum(amount_cents), 0) FROM payout_lines WHERE statement_id = ?`, st.ID).
			Scan(ctx, &total); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*Statement)(nil)).
			Set("total_cents = ?", total).
			Set("status = 'locked'").
			Where("id = ?", st.ID).
			Exec(ctx); err != nil {
			return err
		}
		ref.TotalCents = total
		return nil
	})
	return ref, err
}

// TransferToOrganiser moves the statement total to the organiser's connected
// account.
func (a *Activities) TransferToOrganiser(ctx context.Context, ref StatementRef) (string, error) {
	st, err := a.loadStatement(ctx, a.DB, ref.StatementID, false)
	if err != nil {
		return "", err
	}
	if st.TransferID != nil {
		return *st.TransferID, nil
	}
	var org Organiser
	if err := a.DB.NewSelect().Model(&org).Where("org.id = ?", st.OrganiserID).Scan(ctx); err != nil {
		return "", err
	}
	transferID, err := a.Gateway.Transfer(ctx, payments.TransferRequest{
		AmountCents:   st.TotalCents,
		Currency:      st.Currency,
		Destination:   *org.StripeAccountID,
		TransferGroup: st.ID,
	})
	if err != nil {
		return "", err
	}
	if _, err := a.DB.NewUpdate().Model((*Statement)(nil)).
		Set("transfer_id = ?", transferID).
		Set("status = 'transferred'").
		Where("id = ?", st.ID).
		Exec(ctx); err != nil {
		return "", err
	}
	return transferID, nil
}

// CreateStripePayout pays the connected account's balance out to the
// organiser's bank. The operation row is written before the call and its id
// is the Stripe idempotency key.
func (a *Activities) CreateStripePayout(ctx context.Context, ref StatementRef) (string, error) {
	st, err := a.loadStatement(ctx, a.DB, ref.StatementID, false)
	if err != nil {
		return "", err
	}
	if st.PayoutID != nil {
		return *st.PayoutID, nil
	}
	var org Organiser
	if err := a.DB.NewSelect().Model(&org).Where("org.id = ?", st.OrganiserID).Scan(ctx); err != nil {
		return "", err
	}
	opID := "payout:" + st.ID
	if _, err := a.DB.NewInsert().Model(&Operation{
		OpID: opID, StatementID: st.ID, Kind: "payout",
	}).On("CONFLICT (op_id) DO NOTHING").Exec(ctx); err != nil {
		return "", err
	}

	var payoutID string
	attempt := 0
	call := func() error {
		attempt++
		activity.RecordHeartbeat(ctx, attempt)
		id, err := a.Gateway.Payout(ctx, payments.PayoutRequest{
			AmountCents: st.TotalCents,
			Currency:    st.Currency,
			Account:     *org.StripeAccountID,
			Descriptor:  "StagePass " + st.Period,
		}, payments.WithIdempotencyKey(opID))
		if err != nil {
			var se *stripe.Error
			if errors.As(err, &se) && se.HTTPStatusCode >= 400 && se.HTTPStatusCode < 500 && se.HTTPStatusCode != 429 {
				return backoff.Permanent(err)
			}
			return err
		}
		payoutID = id
		return nil
	}
	pol := a.Backoff
	if pol == nil {
		pol = func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.MaxElapsedTime = 45 * time.Second
			return b
		}
	}
	if err := backoff.Retry(call, backoff.WithContext(pol(), ctx)); err != nil {
		return "", err
	}

	err = a.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewUpdate().Model((*Statement)(nil)).
			Set("payout_id = ?", payoutID).
			Where("id = ? AND payout_id IS NULL", st.ID).
			Exec(ctx); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model((*Operation)(nil)).
			Set("status = 'succeeded'").
			Set("provider_ref = ?", payoutID).
			Where("op_id = ?", opID).
			Exec(ctx)
		return err
	})
	return payoutID, err
}

// RecordPayout closes the statement and moves the amount from the
// organiser's available balance to paid out.
func (a *Activities) RecordPayout(ctx context.Context, in RecordInput) error {
	st, err := a.loadStatement(ctx, a.DB, in.Statement.StatementID, false)
	if err != nil {
		return err
	}
	if st.Status == "paid" {
		return nil
	}
	if _, err := a.DB.NewUpdate().Model((*Statement)(nil)).
		Set("status = 'paid'").
		Set("paid_at = now()").
		Where("id = ?", st.ID).
		Exec(ctx); err != nil {
		return err
	}
	_, err = a.DB.NewUpdate().Model((*Balance)(nil)).
		Set("available_cents = available_cents - ?", st.TotalCents).
		Set("paid_out_cents = paid_out_cents + ?", st.TotalCents).
		Set("updated_at = now()").
		Where("organiser_id = ?", st.OrganiserID).
		Exec(ctx)
	return err
}
