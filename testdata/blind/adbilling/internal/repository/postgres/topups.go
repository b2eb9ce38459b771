package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/repository"
)

type TopUpRepo struct {
	pool *pgxpool.Pool
}

func NewTopUpRepo(pool *pgxpool.Pool) repository.TopUps { return &TopUpRepo{pool: pool} }

const topupColumns = `id, advertiser_id, method, amount_micros, received_micros, currency, status,
	COALESCE(payment_method_id, ''), COALESCE(gateway_charge_id, ''), COALESCE(bank_reference, ''),
	COALESCE(failure_reason, ''), COALESCE(receipt_message_id, ''), created_at`

func scanTopUp(row interface{ Scan(...any) error }) (domain.TopUp, error) {
	var t domain.TopUp
	var method, status string
	var amt, rcv int64
	err := row.Scan(&t.ID, &t.AdvertiserID, &method, &amt, &rcv, &t.Currency, &status,
		&t.PaymentMethodID, &t.GatewayChargeID, &t.BankReference, &t.FailureReason,
		&t.ReceiptMessageID, &t.CreatedAt)
	if err != nil {
		if db.IsNoRows(err) {
			return t, domain.ErrNotFound
		}
		return t, err
	}
	t.Method, t.Status = domain.TopUpMethod(method), domain.TopUpStatus(status)
	t.Amount, t.Received = domain.Micros(amt), domain.Micros(rcv)
	return t, nil
}

const insertTopUp = `INSERT INTO topups (id, advertiser_id, method, amount_micros, currency, status,
	payment_method_id, gateway_charge_id, bank_reference)
	VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, ''), NULLIF($8, ''), NULLIF($9, ''))`

func (r *TopUpRepo) Insert(ctx context.Context, t domain.TopUp) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, insertTopUp,
		t.ID, t.AdvertiserID, string(t.Method), int64(t.Amount), t.Currency, string(t.Status),
		t.PaymentMethodID, t.GatewayChargeID, t.BankReference)
	if err != nil {
		return fmt.Errorf("insert topup: %w", err)
	}
	return nil
}

func (r *TopUpRepo) InsertIfAbsent(ctx context.Context, t domain.TopUp) (bool, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx, insertTopUp+` ON CONFLICT (id) DO NOTHING`,
		t.ID, t.AdvertiserID, string(t.Method), int64(t.Amount), t.Currency, string(t.Status),
		t.PaymentMethodID, t.GatewayChargeID, t.BankReference)
	if err != nil {
		return false, fmt.Errorf("insert topup: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *TopUpRepo) Get(ctx context.Context, id string) (domain.TopUp, error) {
	return scanTopUp(db.Conn(ctx, r.pool).QueryRow(ctx, `SELECT `+topupColumns+` FROM topups WHERE id = $1`, id))
}

func (r *TopUpRepo) GetByBankReference(ctx context.Context, ref string) (domain.TopUp, error) {
	return scanTopUp(db.Conn(ctx, r.pool).QueryRow(ctx,
		`SELECT `+topupColumns+` FROM topups WHERE bank_reference = $1`, ref))
}

func (r *TopUpRepo) MarkSucceeded(ctx context.Context, id, chargeID string) (bool, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx, `
		UPDATE topups
		   SET status = 'succeeded', gateway_charge_id = COALESCE(NULLIF($2, ''), gateway_charge_id),
		       received_micros = amount_micros, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, chargeID)
	if err != nil {
		return false, fmt.Errorf("mark topup succeeded: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *TopUpRepo) MarkFailed(ctx context.Context, id, reason string) (bool, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx, `
		UPDATE topups SET status = 'failed', failure_reason = $2, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, reason)
	if err != nil {
		return false, fmt.Errorf("mark topup failed: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *TopUpRepo) AddReceived(ctx context.Context, id string, amount domain.Micros) (domain.TopUp, error) {
	t, err := scanTopUp(db.Conn(ctx, r.pool).QueryRow(ctx, `
		UPDATE topups
		   SET received_micros = received_micros + $2,
		       status = CASE WHEN received_micros + $2 >= amount_micros THEN 'succeeded' ELSE status END,
		       updated_at = now()
		 WHERE id = $1
		RETURNING `+topupColumns, id, int64(amount)))
	if err != nil && err != domain.ErrNotFound {
		return t, fmt.Errorf("add received: %w", err)
	}
	return t, err
}

func (r *TopUpRepo) SetReceiptSent(ctx context.Context, id, messageID string) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx,
		`UPDATE topups SET receipt_message_id = $2, updated_at = now() WHERE id = $1`, id, messageID)
	if err != nil {
		return fmt.Errorf("set receipt sent: %w", err)
	}
	return nil
}

func (r *TopUpRepo) LatestCardCharge(ctx context.Context, advertiserID string) (domain.TopUp, error) {
	return scanTopUp(db.Conn(ctx, r.pool).QueryRow(ctx, `
		SELECT `+topupColumns+` FROM topups
		 WHERE advertiser_id = $1 AND status = 'succeeded' AND gateway_charge_id IS NOT NULL
		 ORDER BY created_at DESC LIMIT 1`, advertiserID))
}
