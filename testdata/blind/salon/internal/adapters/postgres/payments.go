package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type PaymentRepo struct{}

func NewPaymentRepo() *PaymentRepo { return &PaymentRepo{} }

const paymentCols = `id, appointment_id, voucher_id, client_id, purpose, amount_cents, currency, status,
	provider_charge_id, failure_code, created_at, updated_at`

func (r *PaymentRepo) Insert(ctx context.Context, q ports.Querier, p *domain.Payment) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO payments (id, appointment_id, voucher_id, client_id, purpose, amount_cents, currency,
			status, provider_charge_id, failure_code)
		VALUES (:id, :appointment_id, :voucher_id, :client_id, :purpose, :amount_cents, :currency,
			:status, :provider_charge_id, :failure_code)`, p)
	return err
}

// InsertIfAbsent inserts the appointment-scoped payment p, or returns the
// one already recorded for the same appointment and purpose.
func (r *PaymentRepo) InsertIfAbsent(ctx context.Context, q ports.Querier, p *domain.Payment) (*domain.Payment, error) {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO payments (id, appointment_id, voucher_id, client_id, purpose, amount_cents, currency, status)
		VALUES (:id, :appointment_id, :voucher_id, :client_id, :purpose, :amount_cents, :currency, :status)
		ON CONFLICT (appointment_id, purpose) WHERE appointment_id IS NOT NULL DO NOTHING`, p)
	if err != nil {
		return nil, err
	}
	return r.ForAppointment(ctx, q, *p.AppointmentID, p.Purpose)
}

func (r *PaymentRepo) Get(ctx context.Context, q ports.Querier, id uuid.UUID) (*domain.Payment, error) {
	return get[domain.Payment](ctx, q, `SELECT `+paymentCols+` FROM payments WHERE id = $1`, id)
}

func (r *PaymentRepo) ForAppointment(ctx context.Context, q ports.Querier, appointmentID uuid.UUID, purpose domain.PaymentPurpose) (*domain.Payment, error) {
	return get[domain.Payment](ctx, q,
		`SELECT `+paymentCols+` FROM payments WHERE appointment_id = $1 AND purpose = $2`, appointmentID, purpose)
}

func (r *PaymentRepo) SetResult(ctx context.Context, q ports.Querier, id uuid.UUID, res domain.ChargeResult) error {
	var failure *string
	if res.FailureCode != "" {
		failure = &res.FailureCode
	}
	_, err := q.ExecContext(ctx, `
		UPDATE payments
		   SET status = $2, provider_charge_id = COALESCE($3, provider_charge_id),
		       failure_code = $4, updated_at = now()
		 WHERE id = $1`, id, res.Status, nullIfEmpty(res.ChargeID), failure)
	return err
}

func (r *PaymentRepo) SetStatus(ctx context.Context, q ports.Querier, id uuid.UUID, status domain.PaymentStatus) error {
	_, err := q.ExecContext(ctx, `UPDATE payments SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

func (r *PaymentRepo) PendingOlderThan(ctx context.Context, q ports.Querier, age time.Duration, limit int) ([]domain.Payment, error) {
	return list[domain.Payment](ctx, q, `
		SELECT `+paymentCols+` FROM payments
		 WHERE status = 'pending' AND created_at < now() - make_interval(secs => $1)
		 ORDER BY created_at LIMIT $2`, age.Seconds(), limit)
}

func (r *PaymentRepo) InsertRefund(ctx context.Context, q ports.Querier, rf *domain.Refund) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO refunds (provider_refund_id, payment_id, amount_cents, reason)
		VALUES (:provider_refund_id, :payment_id, :amount_cents, :reason)`, rf)
	return err
}

func (r *PaymentRepo) UpsertDispute(ctx context.Context, q ports.Querier, d *domain.Dispute) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO disputes (provider_dispute_id, payment_id, amount_cents, reason, status)
		VALUES (:provider_dispute_id, :payment_id, :amount_cents, :reason, :status)
		ON CONFLICT (provider_dispute_id) DO UPDATE SET status = EXCLUDED.status`, d)
	return err
}

func nullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
