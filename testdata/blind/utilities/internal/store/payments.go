package store

import (
	"context"
	"time"

	"github.com/segmentio/ksuid"

	"github.com/gridwell/utilities/internal/domain"
)

type paymentRepo struct{ q Querier }

const cardPaymentCols = `id, account_id, bill_id, amount_cents, currency, status, gateway_payment_id, created_at`

func (r *paymentRepo) CreateCardPayment(ctx context.Context, p domain.CardPayment) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO card_payments (id, account_id, bill_id, amount_cents, currency, status, created_at)
		VALUES (:id, :account_id, :bill_id, :amount_cents, :currency, :status, :created_at)`, p)
	return err
}

func (r *paymentRepo) GetCardPayment(ctx context.Context, id string) (*domain.CardPayment, error) {
	var p domain.CardPayment
	if err := r.q.GetContext(ctx, &p, `SELECT `+cardPaymentCols+` FROM card_payments WHERE id = ?`, id); err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

func (r *paymentRepo) GetCardPaymentByGatewayID(ctx context.Context, gatewayID string) (*domain.CardPayment, error) {
	var p domain.CardPayment
	if err := r.q.GetContext(ctx, &p,
		`SELECT `+cardPaymentCols+` FROM card_payments WHERE gateway_payment_id = ?`, gatewayID); err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// TransitionCardPayment moves a payment from one status to another and
// reports whether this call made the change.
func (r *paymentRepo) TransitionCardPayment(ctx context.Context, id, from, to, gatewayPaymentID string) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE card_payments SET status = ?, gateway_payment_id = COALESCE(NULLIF(?, ''), gateway_payment_id)
		WHERE id = ? AND status = ?`, to, gatewayPaymentID, id, from)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// AppendAttempt writes one row per call to the gateway. The table is an
// append-only log used by support; nothing reads it to make decisions.
func (r *paymentRepo) AppendAttempt(ctx context.Context, paymentID, outcome, detail string) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO payment_attempts (id, payment_id, outcome, detail, attempted_at)
		VALUES (?, ?, ?, ?, ?)`, ksuid.New().String(), paymentID, outcome, detail, time.Now().UTC())
	return err
}

func (r *paymentRepo) InsertTopup(ctx context.Context, t domain.Topup) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO prepaid_topups (id, meter_id, amount_cents, gateway_payment_id, status, created_at)
		VALUES (:id, :meter_id, :amount_cents, :gateway_payment_id, :status, :created_at)`, t)
	return err
}

func (r *paymentRepo) InsertRefund(ctx context.Context, rf domain.Refund) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO refunds (id, payment_id, amount_cents, gateway_refund_id, reason, created_at)
		VALUES (:id, :payment_id, :amount_cents, :gateway_refund_id, :reason, :created_at)`, rf)
	return err
}
