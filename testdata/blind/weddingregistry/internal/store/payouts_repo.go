package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tiedknot/registry/internal/db"
)

// PayoutRepo stores connected accounts and payouts.
type PayoutRepo struct {
	s *Store
	q *db.Queries
}

// NewPayoutRepo builds a PayoutRepo.
func NewPayoutRepo(s *Store) *PayoutRepo { return &PayoutRepo{s: s, q: s.Queries()} }

// ErrInsufficientBalance is returned when a fund cannot cover a payout.
var ErrInsufficientBalance = errors.New("insufficient fund balance")

// GetRegistry loads a registry.
func (r *PayoutRepo) GetRegistry(ctx context.Context, id string) (db.Registry, error) {
	reg, err := r.q.GetRegistry(ctx, id)
	return reg, mapErr(err, "get registry")
}

// GetCouple loads a couple.
func (r *PayoutRepo) GetCouple(ctx context.Context, id string) (db.Couple, error) {
	c, err := r.q.GetCouple(ctx, id)
	return c, mapErr(err, "get couple")
}

// GetCashFund loads a cash fund.
func (r *PayoutRepo) GetCashFund(ctx context.Context, id string) (db.CashFund, error) {
	f, err := r.q.GetCashFund(ctx, id)
	return f, mapErr(err, "get cash fund")
}

// GetAccount loads the connected account of a registry.
func (r *PayoutRepo) GetAccount(ctx context.Context, registryID string) (db.PayoutAccount, error) {
	a, err := r.q.GetPayoutAccount(ctx, registryID)
	return a, mapErr(err, "get payout account")
}

// SaveAccount links a Stripe account to a registry. If the registry already
// has one, the existing link is returned unchanged.
func (r *PayoutRepo) SaveAccount(ctx context.Context, registryID, stripeAccountID string) (db.PayoutAccount, error) {
	a, err := r.q.UpsertPayoutAccount(ctx, db.UpsertPayoutAccountParams{RegistryID: registryID, StripeAccountID: stripeAccountID})
	return a, mapErr(err, "save payout account")
}

// UpdateAccountStatus mirrors the account's capabilities from Stripe.
func (r *PayoutRepo) UpdateAccountStatus(ctx context.Context, stripeAccountID string, payoutsEnabled, detailsSubmitted bool) (bool, error) {
	n, err := r.q.UpdatePayoutAccountStatus(ctx, db.UpdatePayoutAccountStatusParams{
		StripeAccountID:  stripeAccountID,
		PayoutsEnabled:   payoutsEnabled,
		DetailsSubmitted: detailsSubmitted,
	})
	return n > 0, mapErr(err, "update payout account")
}

// ListAutoPayoutFunds lists funds eligible for a scheduled payout.
func (r *PayoutRepo) ListAutoPayoutFunds(ctx context.Context, minBalanceCents int64) ([]db.CashFund, error) {
	fs, err := r.q.ListAutoPayoutFunds(ctx, minBalanceCents)
	return fs, mapErr(err, "list auto payout funds")
}

// RecordManualPayout debits the fund and stores a sent payout.
func (r *PayoutRepo) RecordManualPayout(ctx context.Context, arg db.CreateManualPayoutParams) (db.Payout, error) {
	var p db.Payout
	err := r.s.InTx(ctx, func(_ pgx.Tx, q *db.Queries) error {
		n, err := q.DebitCashFund(ctx, db.DebitCashFundParams{ID: arg.CashFundID, AmountCents: arg.AmountCents})
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrInsufficientBalance
		}
		p, err = q.CreateManualPayout(ctx, arg)
		return err
	})
	return p, mapErr(err, "record manual payout")
}

// ReserveScheduledPayout creates the payout for (fund, period) and debits
// the whole fund balance, or returns the payout already created for that
// period.
func (r *PayoutRepo) ReserveScheduledPayout(ctx context.Context, fundID string, period time.Time, newID func() string) (db.Payout, error) {
	var p db.Payout
	periodDate := pgtype.Date{Time: period, Valid: true}
	err := r.s.InTx(ctx, func(_ pgx.Tx, q *db.Queries) error {
		fund, err := q.GetCashFundForUpdate(ctx, fundID)
		if err != nil {
			return err
		}
		existing, err := q.GetScheduledPayout(ctx, db.GetScheduledPayoutParams{CashFundID: fundID, PeriodStart: periodDate})
		if err == nil {
			p = existing
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if fund.BalanceCents <= 0 {
			return ErrInsufficientBalance
		}
		reg, err := q.GetRegistry(ctx, fund.RegistryID)
		if err != nil {
			return err
		}
		p, err = q.InsertScheduledPayout(ctx, db.InsertScheduledPayoutParams{
			ID:          newID(),
			RegistryID:  fund.RegistryID,
			CashFundID:  fund.ID,
			AmountCents: fund.BalanceCents,
			Currency:    reg.Currency,
			PeriodStart: periodDate,
		})
		if err != nil {
			return fmt.Errorf("insert scheduled payout: %w", err)
		}
		n, err := q.DebitCashFund(ctx, db.DebitCashFundParams{ID: fund.ID, AmountCents: p.AmountCents})
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrInsufficientBalance
		}
		return nil
	})
	return p, mapErr(err, "reserve scheduled payout")
}

// MarkSent stores the transfer id on a payout.
func (r *PayoutRepo) MarkSent(ctx context.Context, payoutID, transferID string) error {
	err := r.q.MarkPayoutSent(ctx, db.MarkPayoutSentParams{
		ID:               payoutID,
		StripeTransferID: pgtype.Text{String: transferID, Valid: true},
	})
	return mapErr(err, "mark payout sent")
}
