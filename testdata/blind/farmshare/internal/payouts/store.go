package payouts

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/ids"
	"github.com/harvestloop/farmshare/internal/platform/repository"
)

// Store holds payout queries.
type Store struct {
	payouts *repository.Repository[Payout]
	farmers *repository.Repository[Farmer]
}

// NewStore builds a Store.
func NewStore() *Store {
	return &Store{
		payouts: repository.New[Payout]("payouts", "id"),
		farmers: repository.New[Farmer]("farmers", "id"),
	}
}

// Farmer loads a farmer.
func (s *Store) Farmer(ctx context.Context, q database.Queryer, id string) (*Farmer, error) {
	return s.farmers.Get(ctx, q, id)
}

// Get loads a payout.
func (s *Store) Get(ctx context.Context, q database.Queryer, id string) (*Payout, error) {
	return s.payouts.Get(ctx, q, id)
}

// PayableLine is an accepted, unpaid harvest in a period.
type PayableLine struct {
	HarvestID   string `db:"harvest_id"`
	FarmerID    string `db:"farmer_id"`
	AmountCents int64  `db:"amount_cents"`
}

// Payable lists accepted harvests in [from, to) that no payout covers yet.
func (s *Store) Payable(ctx context.Context, q database.Queryer, from, to time.Time) ([]PayableLine, error) {
	var out []PayableLine
	err := q.SelectContext(ctx, &out, `
		SELECT h.id AS harvest_id, h.farmer_id,
		       ROUND(h.quantity_kg * h.unit_price_cents)::BIGINT AS amount_cents
		FROM harvest_submissions h
		LEFT JOIN payout_lines pl ON pl.harvest_id = h.id
		WHERE h.status = 'accepted' AND h.week_start >= $1 AND h.week_start < $2
		  AND pl.harvest_id IS NULL
		ORDER BY h.farmer_id, h.id`, from, to)
	return out, err
}

// ClaimScheduled creates the farmer's payout for a period unless it exists,
// and returns the stored row and whether it was new.
func (s *Store) ClaimScheduled(ctx context.Context, q database.Queryer, p *Payout) (*Payout, bool, error) {
	res, err := q.NamedExecContext(ctx, `
		INSERT INTO payouts (id, farmer_id, kind, period_start, period_end, amount_cents, status, created_at, updated_at)
		VALUES (:id, :farmer_id, 'scheduled', :period_start, :period_end, :amount_cents, 'pending', now(), now())
		ON CONFLICT (farmer_id, period_start) WHERE kind = 'scheduled' DO NOTHING`, p)
	if err != nil {
		return nil, false, fmt.Errorf("claim scheduled payout: %w", err)
	}
	n, _ := res.RowsAffected()
	var got Payout
	err = q.GetContext(ctx, &got, `
		SELECT * FROM payouts WHERE farmer_id = $1 AND period_start = $2 AND kind = 'scheduled'`, p.FarmerID, p.PeriodStart)
	if err != nil {
		return nil, false, err
	}
	return &got, n == 1, nil
}

// PendingScheduled lists scheduled payouts for a period not yet sent to the bank.
func (s *Store) PendingScheduled(ctx context.Context, q database.Queryer, periodStart time.Time) ([]Payout, error) {
	var out []Payout
	err := q.SelectContext(ctx, &out, `
		SELECT * FROM payouts
		WHERE kind = 'scheduled' AND period_start = $1 AND status = 'pending'
		ORDER BY farmer_id`, periodStart)
	return out, err
}

// AttachLines links harvests to a payout and marks them paid.
func (s *Store) AttachLines(ctx context.Context, q database.Queryer, payoutID string, lines []PayableLine) error {
	for _, l := range lines {
		if _, err := q.ExecContext(ctx, `
			INSERT INTO payout_lines (harvest_id, payout_id, amount_cents) VALUES ($1, $2, $3)
			ON CONFLICT (harvest_id) DO NOTHING`, l.HarvestID, payoutID, l.AmountCents); err != nil {
			return fmt.Errorf("attach line %s: %w", l.HarvestID, err)
		}
		if _, err := q.ExecContext(ctx, `UPDATE harvest_submissions SET status = 'paid' WHERE id = $1`, l.HarvestID); err != nil {
			return err
		}
	}
	return nil
}

// ClaimInstant creates an instant payout for (farmer, request key) unless it
// exists; it returns the stored row and whether it was new.
func (s *Store) ClaimInstant(ctx context.Context, q database.Queryer, p *Payout) (*Payout, bool, error) {
	res, err := q.NamedExecContext(ctx, `
		INSERT INTO payouts (id, farmer_id, kind, request_key, amount_cents, status, created_at, updated_at)
		VALUES (:id, :farmer_id, 'instant', :request_key, :amount_cents, 'pending', now(), now())
		ON CONFLICT (farmer_id, request_key) WHERE kind = 'instant' DO NOTHING`, p)
	if err != nil {
		return nil, false, fmt.Errorf("claim instant payout: %w", err)
	}
	n, _ := res.RowsAffected()
	var got Payout
	err = q.GetContext(ctx, &got, `
		SELECT * FROM payouts WHERE farmer_id = $1 AND request_key = $2 AND kind = 'instant'`, p.FarmerID, p.RequestKey)
	if err != nil {
		return nil, false, err
	}
	return &got, n == 1, nil
}

// DebitFarmer takes amount from the farmer's accrued balance.
func (s *Store) DebitFarmer(ctx context.Context, q database.Queryer, farmerID string, amount int64, kind, ref string) error {
	res, err := q.ExecContext(ctx, `
		UPDATE farmers SET balance_cents = balance_cents - $2 WHERE id = $1 AND balance_cents >= $2`, farmerID, amount)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrInsufficientBalance
	}
	return s.appendLedger(ctx, q, farmerID, -amount, kind, ref)
}

// CreditFarmer adds amount back to the farmer's balance.
func (s *Store) CreditFarmer(ctx context.Context, q database.Queryer, farmerID string, amount int64, kind, ref string) error {
	if _, err := q.ExecContext(ctx, `UPDATE farmers SET balance_cents = balance_cents + $2 WHERE id = $1`, farmerID, amount); err != nil {
		return err
	}
	return s.appendLedger(ctx, q, farmerID, amount, kind, ref)
}

func (s *Store) appendLedger(ctx context.Context, q database.Queryer, farmerID string, amount int64, kind, ref string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO farmer_ledger (id, farmer_id, amount_cents, kind, ref, created_at)
		VALUES ($1, $2, $3, $4, $5, now())`, ids.New(), farmerID, amount, kind, ref)
	return err
}

// MarkSubmitted stores the partner's transfer id.
func (s *Store) MarkSubmitted(ctx context.Context, q database.Queryer, payoutID, transferID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE payouts SET status = 'submitted', bank_transfer_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, payoutID, transferID)
	return err
}

// SetStatusByTransfer updates the payout behind a bank transfer and returns it.
func (s *Store) SetStatusByTransfer(ctx context.Context, q database.Queryer, transferID, status string) (*Payout, error) {
	var p Payout
	err := q.GetContext(ctx, &p, `
		UPDATE payouts SET status = $2, updated_at = now()
		WHERE bank_transfer_id = $1
		RETURNING *`, transferID, status)
	if err != nil {
		return nil, database.NotFound(err)
	}
	return &p, nil
}

// NotificationLog remembers which partner notifications were processed.
type NotificationLog struct {
	DB *sqlx.DB
}

// Seen reports whether the notification was processed before.
func (l NotificationLog) Seen(ctx context.Context, id string) (bool, error) {
	var ok bool
	err := l.DB.GetContext(ctx, &ok, `
		SELECT EXISTS (SELECT 1 FROM processed_webhooks WHERE provider = 'bankxfer' AND event_id = $1)`, id)
	return ok, err
}

// Remember records a processed notification.
func (l NotificationLog) Remember(ctx context.Context, id, typ string) error {
	_, err := l.DB.ExecContext(ctx, `
		INSERT INTO processed_webhooks (provider, event_id, event_type) VALUES ('bankxfer', $1, $2)
		ON CONFLICT (provider, event_id) DO NOTHING`, id, typ)
	return err
}
