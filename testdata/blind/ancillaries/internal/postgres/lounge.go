package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/skyway-air/ancillaries/internal/domain"
)

const passColumns = `id, order_item_id, code, lounge_code, valid_on, entries_total, entries_used,
	status, reminder_sent_at, contact_phone, created_at`

type loungeRepo struct{ q sqlx.ExtContext }

func (r loungeRepo) ReserveCapacity(ctx context.Context, lounge string, day time.Time, qty int) error {
	n, err := affected(r.q.ExecContext(ctx, `
		UPDATE lounge_capacity SET sold = sold + $3
		WHERE lounge_code = $1 AND day = $2 AND sold + $3 <= capacity`, lounge, day, qty))
	if err != nil {
		return fmt.Errorf("lounge: reserve: %w", err)
	}
	if n == 0 {
		return domain.ErrSoldOut
	}
	return nil
}

func (r loungeRepo) ReleaseCapacity(ctx context.Context, lounge string, day time.Time, qty int) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE lounge_capacity SET sold = GREATEST(sold - $3, 0)
		WHERE lounge_code = $1 AND day = $2`, lounge, day, qty)
	return err
}

func (r loungeRepo) CreatePass(ctx context.Context, p domain.LoungePass) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO lounge_passes (id, order_item_id, code, lounge_code, valid_on, entries_total,
			status, contact_phone)
		VALUES (:id, :order_item_id, :code, :lounge_code, :valid_on, :entries_total,
			:status, :contact_phone)
		ON CONFLICT (order_item_id) DO NOTHING`, p)
	return err
}

func (r loungeRepo) GetPassByCode(ctx context.Context, code string) (domain.LoungePass, error) {
	var p domain.LoungePass
	err := sqlx.GetContext(ctx, r.q, &p, `SELECT `+passColumns+` FROM lounge_passes WHERE code = $1`, code)
	return p, notFound(err)
}

func (r loungeRepo) GetPassByCodeForUpdate(ctx context.Context, code string) (domain.LoungePass, error) {
	var p domain.LoungePass
	err := sqlx.GetContext(ctx, r.q, &p,
		`SELECT `+passColumns+` FROM lounge_passes WHERE code = $1 FOR UPDATE`, code)
	return p, notFound(err)
}

func (r loungeRepo) GetPassByItem(ctx context.Context, itemID string) (domain.LoungePass, error) {
	var p domain.LoungePass
	err := sqlx.GetContext(ctx, r.q, &p,
		`SELECT `+passColumns+` FROM lounge_passes WHERE order_item_id = $1`, itemID)
	return p, notFound(err)
}

func (r loungeRepo) UseEntry(ctx context.Context, passID string) error {
	n, err := affected(r.q.ExecContext(ctx, `
		UPDATE lounge_passes SET entries_used = entries_used + 1,
			status = CASE WHEN entries_used + 1 >= entries_total THEN 'used' ELSE status END
		WHERE id = $1 AND entries_used < entries_total`, passID))
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrPassExhausted
	}
	return nil
}

func (r loungeRepo) ScanSeen(ctx context.Context, scanID string) (bool, error) {
	var seen bool
	err := sqlx.GetContext(ctx, r.q, &seen,
		`SELECT EXISTS (SELECT 1 FROM lounge_scans WHERE scan_id = $1)`, scanID)
	return seen, err
}

func (r loungeRepo) RecordScan(ctx context.Context, scanID, passID string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO lounge_scans (scan_id, pass_id, scanned_at) VALUES ($1, $2, $3)
		ON CONFLICT (scan_id) DO NOTHING`, scanID, passID, at)
	return err
}

func (r loungeRepo) ListDueReminders(ctx context.Context, validOn time.Time, limit int) ([]domain.LoungePass, error) {
	var out []domain.LoungePass
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT `+passColumns+` FROM lounge_passes
		WHERE valid_on = $1 AND status = 'active' AND reminder_sent_at IS NULL AND contact_phone <> ''
		ORDER BY created_at LIMIT $2`, validOn, limit)
	return out, err
}

func (r loungeRepo) ClaimReminder(ctx context.Context, passID string) (bool, error) {
	n, err := affected(r.q.ExecContext(ctx, `
		UPDATE lounge_passes SET reminder_sent_at = now()
		WHERE id = $1 AND reminder_sent_at IS NULL`, passID))
	return n == 1, err
}

func (r loungeRepo) ExpireForItems(ctx context.Context, itemIDs []string) (int64, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE lounge_passes SET status = 'expired'
		WHERE order_item_id = ANY($1::uuid[]) AND status = 'active'`, pq.Array(itemIDs)))
}
