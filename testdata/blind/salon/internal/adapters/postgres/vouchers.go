package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type VoucherRepo struct{}

func NewVoucherRepo() *VoucherRepo { return &VoucherRepo{} }

const voucherCols = `id, code, salon_id, purchaser_client_id, recipient_name, recipient_email, message,
	initial_cents, balance_cents, status, payment_id, delivered_at, expires_at, created_at`

func (r *VoucherRepo) Insert(ctx context.Context, q ports.Querier, v *domain.GiftVoucher) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO gift_vouchers (id, code, salon_id, purchaser_client_id, recipient_name, recipient_email,
			message, initial_cents, balance_cents, status, payment_id, expires_at)
		VALUES (:id, :code, :salon_id, :purchaser_client_id, :recipient_name, :recipient_email,
			:message, :initial_cents, :balance_cents, :status, :payment_id, :expires_at)`, v)
	return err
}

func (r *VoucherRepo) Get(ctx context.Context, q ports.Querier, id uuid.UUID) (*domain.GiftVoucher, error) {
	return get[domain.GiftVoucher](ctx, q, `SELECT `+voucherCols+` FROM gift_vouchers WHERE id = $1`, id)
}

func (r *VoucherRepo) GetByCode(ctx context.Context, q ports.Querier, code string) (*domain.GiftVoucher, error) {
	return get[domain.GiftVoucher](ctx, q, `SELECT `+voucherCols+` FROM gift_vouchers WHERE code = $1`, code)
}

// Debit takes amount off the voucher balance and returns the new balance.
func (r *VoucherRepo) Debit(ctx context.Context, q ports.Querier, id uuid.UUID, amount domain.Cents) (domain.Cents, error) {
	var balance domain.Cents
	err := q.GetContext(ctx, &balance, `
		UPDATE gift_vouchers
		   SET balance_cents = balance_cents - $2,
		       status = CASE WHEN balance_cents - $2 = 0 THEN 'exhausted' ELSE status END
		 WHERE id = $1 AND status = 'active' AND balance_cents >= $2 AND expires_at > now()
		RETURNING balance_cents`, id, amount)
	if err != nil {
		if notFound(err) == domain.ErrNotFound {
			return 0, domain.ErrInsufficientFunds
		}
		return 0, err
	}
	return balance, nil
}

func (r *VoucherRepo) InsertRedemption(ctx context.Context, q ports.Querier, rd *domain.VoucherRedemption) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO voucher_redemptions (id, voucher_id, appointment_id, amount_cents)
		VALUES (:id, :voucher_id, :appointment_id, :amount_cents)`, rd)
	return err
}

func (r *VoucherRepo) MarkDelivered(ctx context.Context, q ports.Querier, id uuid.UUID, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE gift_vouchers SET delivered_at = $2 WHERE id = $1`, id, at)
	return err
}
