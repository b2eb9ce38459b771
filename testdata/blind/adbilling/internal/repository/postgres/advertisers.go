// Package postgres implements the repository interfaces on PostgreSQL.
package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/repository"
)

type AdvertiserRepo struct {
	pool *pgxpool.Pool
}

func NewAdvertiserRepo(pool *pgxpool.Pool) repository.Advertisers {
	return &AdvertiserRepo{pool: pool}
}

const advertiserColumns = `id, external_account_id, name, billing_email, currency, status,
	balance_micros, auto_recharge_enabled, auto_recharge_threshold, auto_recharge_amount,
	COALESCE(default_payment_method, ''), created_at`

func scanAdvertiser(row interface{ Scan(...any) error }) (domain.Advertiser, error) {
	var a domain.Advertiser
	var status string
	var bal, thr, amt int64
	err := row.Scan(&a.ID, &a.ExternalAccountID, &a.Name, &a.BillingEmail, &a.Currency, &status,
		&bal, &a.AutoRechargeEnabled, &thr, &amt, &a.DefaultPaymentMethod, &a.CreatedAt)
	if err != nil {
		if db.IsNoRows(err) {
			return a, domain.ErrNotFound
		}
		return a, err
	}
	a.Status = domain.AdvertiserStatus(status)
	a.Balance, a.AutoRechargeThreshold, a.AutoRechargeAmount = domain.Micros(bal), domain.Micros(thr), domain.Micros(amt)
	return a, nil
}

func (r *AdvertiserRepo) Create(ctx context.Context, a domain.Advertiser) (domain.Advertiser, bool, error) {
	q := db.Conn(ctx, r.pool)
	row := q.QueryRow(ctx, `
		INSERT INTO advertisers (id, external_account_id, name, billing_email, currency,
		                         auto_recharge_enabled, auto_recharge_threshold, auto_recharge_amount,
		                         default_payment_method)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULLIF($9, ''))
		ON CONFLICT (external_account_id) DO NOTHING
		RETURNING `+advertiserColumns,
		a.ID, a.ExternalAccountID, a.Name, a.BillingEmail, a.Currency,
		a.AutoRechargeEnabled, int64(a.AutoRechargeThreshold), int64(a.AutoRechargeAmount), a.DefaultPaymentMethod)
	created, err := scanAdvertiser(row)
	if err == nil {
		return created, true, nil
	}
	if err != domain.ErrNotFound {
		return domain.Advertiser{}, false, fmt.Errorf("insert advertiser: %w", err)
	}
	existing, err := scanAdvertiser(q.QueryRow(ctx,
		`SELECT `+advertiserColumns+` FROM advertisers WHERE external_account_id = $1`, a.ExternalAccountID))
	if err != nil {
		return domain.Advertiser{}, false, fmt.Errorf("load advertiser by external id: %w", err)
	}
	return existing, false, nil
}

func (r *AdvertiserRepo) Get(ctx context.Context, id string) (domain.Advertiser, error) {
	return scanAdvertiser(db.Conn(ctx, r.pool).QueryRow(ctx,
		`SELECT `+advertiserColumns+` FROM advertisers WHERE id = $1`, id))
}

func (r *AdvertiserRepo) AdjustBalance(ctx context.Context, id string, delta domain.Micros) (domain.Micros, error) {
	var bal int64
	err := db.Conn(ctx, r.pool).QueryRow(ctx,
		`UPDATE advertisers SET balance_micros = balance_micros + $2 WHERE id = $1 RETURNING balance_micros`,
		id, int64(delta)).Scan(&bal)
	if db.IsNoRows(err) {
		return 0, domain.ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("adjust balance: %w", err)
	}
	return domain.Micros(bal), nil
}

func (r *AdvertiserRepo) Close(ctx context.Context, id string, at time.Time) (bool, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx,
		`UPDATE advertisers SET status = 'closed', closed_at = $2 WHERE id = $1 AND status = 'active'`, id, at)
	if err != nil {
		return false, fmt.Errorf("close advertiser: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *AdvertiserRepo) ListWithSpendInPeriod(ctx context.Context, from, to time.Time) ([]domain.Advertiser, error) {
	rows, err := db.Conn(ctx, r.pool).Query(ctx, `
		SELECT `+advertiserColumns+` FROM advertisers a
		 WHERE EXISTS (SELECT 1 FROM daily_spend d
		                WHERE d.advertiser_id = a.id AND d.day >= $1 AND d.day < $2)
		 ORDER BY a.id`, from, to)
	if err != nil {
		return nil, fmt.Errorf("list advertisers with spend: %w", err)
	}
	defer rows.Close()
	var out []domain.Advertiser
	for rows.Next() {
		a, err := scanAdvertiser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

type LedgerRepo struct {
	pool *pgxpool.Pool
}

func NewLedgerRepo(pool *pgxpool.Pool) repository.Ledger { return &LedgerRepo{pool: pool} }

func (r *LedgerRepo) Append(ctx context.Context, e domain.LedgerEntry) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx,
		`INSERT INTO balance_ledger (id, advertiser_id, entry_type, amount_micros, reference)
		 VALUES ($1, $2, $3, $4, $5)`,
		e.ID, e.AdvertiserID, e.Type, int64(e.Amount), e.Reference)
	if err != nil {
		return fmt.Errorf("append ledger entry: %w", err)
	}
	return nil
}
