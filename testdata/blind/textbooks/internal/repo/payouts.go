package repo

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/quirecampus/bookloop/internal/domain"
)

type Payouts struct{ base }

func NewPayouts(db *bun.DB) *Payouts { return &Payouts{base{db}} }

func (r *Payouts) WithTx(tx bun.IDB) *Payouts { return &Payouts{base{tx}} }

func (r *Payouts) Insert(ctx context.Context, p *domain.Payout) error {
	_, err := r.conn(ctx).NewInsert().Model(p).Exec(ctx)
	return err
}

func (r *Payouts) Get(ctx context.Context, id string) (*domain.Payout, error) {
	p := new(domain.Payout)
	err := r.conn(ctx).NewSelect().Model(p).Where("id = ?", id).Scan(ctx)
	return p, mapErr(err)
}

func (r *Payouts) ForDropoff(ctx context.Context, dropoffID string) (*domain.Payout, error) {
	p := new(domain.Payout)
	err := r.conn(ctx).NewSelect().Model(p).Where("dropoff_id = ?", dropoffID).Limit(1).Scan(ctx)
	return p, mapErr(err)
}

func (r *Payouts) AddAmount(ctx context.Context, id string, cents int64) error {
	return expectOne(r.conn(ctx).NewUpdate().Model((*domain.Payout)(nil)).
		Set("amount_cents = amount_cents + ?", cents).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", domain.PayoutPending).
		Exec(ctx))
}

func (r *Payouts) MarkReady(ctx context.Context, id string) error {
	return expectOne(r.conn(ctx).NewUpdate().Model((*domain.Payout)(nil)).
		Set("status = ?", domain.PayoutReady).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", domain.PayoutPending).
		Exec(ctx))
}

func (r *Payouts) MarkInTransit(ctx context.Context, id, transferID, payoutID string) error {
	return expectOne(r.conn(ctx).NewUpdate().Model((*domain.Payout)(nil)).
		Set("status = ?", domain.PayoutInTransit).
		Set("stripe_transfer_id = ?", transferID).
		Set("stripe_payout_id = ?", payoutID).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", domain.PayoutReady).
		Exec(ctx))
}

// SettleByStripePayout moves an in-transit payout to its final state.
func (r *Payouts) SettleByStripePayout(ctx context.Context, stripePayoutID string, to domain.PayoutStatus, reason string) (*domain.Payout, error) {
	p := new(domain.Payout)
	err := r.conn(ctx).NewUpdate().Model(p).
		Set("status = ?", to).
		Set("failure_reason = NULLIF(?, '')", reason).
		Set("updated_at = now()").
		Where("stripe_payout_id = ?", stripePayoutID).
		Where("status = ?", domain.PayoutInTransit).
		Returning("*").
		Scan(ctx)
	return p, mapErr(err)
}

func (r *Payouts) SetStatusByStripePayout(ctx context.Context, stripePayoutID string, to domain.PayoutStatus, reason string) (*domain.Payout, error) {
	p := new(domain.Payout)
	err := r.conn(ctx).NewUpdate().Model(p).
		Set("status = ?", to).
		Set("failure_reason = NULLIF(?, '')", reason).
		Set("updated_at = now()").
		Where("stripe_payout_id = ?", stripePayoutID).
		Returning("*").
		Scan(ctx)
	return p, mapErr(err)
}

func (r *Payouts) MarkPaid(ctx context.Context, id string) error {
	return expectOne(r.conn(ctx).NewUpdate().Model((*domain.Payout)(nil)).
		Set("status = ?", domain.PayoutPaid).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", domain.PayoutReady).
		Exec(ctx))
}

func (r *Payouts) ReadyForStudent(ctx context.Context, studentID string) ([]domain.Payout, error) {
	var out []domain.Payout
	err := r.conn(ctx).NewSelect().Model(&out).
		Where("student_id = ?", studentID).
		Where("status = ?", domain.PayoutReady).
		Where("method = ?", domain.PayoutDebitCard).
		Scan(ctx)
	return out, err
}

// LogAttempt appends one row per disbursement attempt for support tooling.
func (r *Payouts) LogAttempt(ctx context.Context, a *domain.PayoutAttempt) error {
	_, err := r.conn(ctx).NewInsert().Model(a).Exec(ctx)
	return err
}

func (r *Payouts) FinishAttempt(ctx context.Context, attemptID, step string, cause error) error {
	msg := ""
	if cause != nil {
		msg = cause.Error()
	}
	_, err := r.conn(ctx).NewUpdate().Model((*domain.PayoutAttempt)(nil)).
		Set("step = ?", step).
		Set("error = NULLIF(?, '')", msg).
		Where("id = ?", attemptID).
		Exec(ctx)
	return err
}

type Ledger struct{ base }

func NewLedger(db *bun.DB) *Ledger { return &Ledger{base{db}} }

func (r *Ledger) WithTx(tx bun.IDB) *Ledger { return &Ledger{base{tx}} }

// Post appends a ledger entry.
func (r *Ledger) Post(ctx context.Context, e *domain.CreditEntry) error {
	_, err := r.conn(ctx).NewInsert().Model(e).Exec(ctx)
	return err
}

// PostBuybackCredit writes the single buyback credit for a source; a second
// call for the same source is a no-op. It reports whether a row was written.
func (r *Ledger) PostBuybackCredit(ctx context.Context, e *domain.CreditEntry) (bool, error) {
	res, err := r.conn(ctx).NewInsert().Model(e).
		On("CONFLICT (source_ref) WHERE reason = 'buyback_credit' DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
