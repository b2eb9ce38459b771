package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/brindlewood-labs/shelternet/internal/domain"
)

type DonationRepo struct{ q DBTX }

// Insert stores a donation reported by a giving platform. The platform's own
// ID is the natural key: a redelivered notification returns the ID stored the
// first time and inserted=false.
func (r *DonationRepo) Insert(ctx context.Context, d domain.Donation) (id string, inserted bool, err error) {
	rows, err := sqlx.NamedQueryContext(ctx, r.q, `
		INSERT INTO donations (id, platform, external_id, donor_email, donor_name, amount_cents,
		                       currency, campaign, received_at)
		VALUES (:id, :platform, :external_id, :donor_email, :donor_name, :amount_cents,
		        :currency, :campaign, :received_at)
		ON CONFLICT ON CONSTRAINT donations_platform_external_key
		DO UPDATE SET platform = EXCLUDED.platform
		RETURNING id, (xmax = 0) AS inserted`, d)
	if err != nil {
		return "", false, err
	}
	defer rows.Close()
	if !rows.Next() {
		return "", false, rows.Err()
	}
	err = rows.Scan(&id, &inserted)
	return id, inserted, err
}

func (r *DonationRepo) Get(ctx context.Context, id string) (domain.Donation, error) {
	var d domain.Donation
	err := r.q.GetContext(ctx, &d, `SELECT * FROM donations WHERE id = $1`, id)
	return d, notFound(err)
}

// ClaimReceipt marks the donation's receipt as being sent. Only the first
// caller gets true.
func (r *DonationRepo) ClaimReceipt(ctx context.Context, id string, at time.Time) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE donations SET receipt_claimed_at = $2
		WHERE id = $1 AND receipt_claimed_at IS NULL`, id, at)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *DonationRepo) SetReceiptMessageID(ctx context.Context, id, messageID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE donations SET receipt_message_id = $2 WHERE id = $1`, id, messageID)
	return err
}

type DonorRepo struct{ q DBTX }

// AddGift rolls a donation into the donor's lifetime totals.
func (r *DonorRepo) AddGift(ctx context.Context, email, name string, cents int64, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO donors (email, name, lifetime_cents, gift_count, updated_at)
		VALUES ($1, $2, $3, 1, $4)
		ON CONFLICT (email) DO UPDATE
		SET lifetime_cents = donors.lifetime_cents + EXCLUDED.lifetime_cents,
		    gift_count     = donors.gift_count + 1,
		    name           = EXCLUDED.name,
		    updated_at     = EXCLUDED.updated_at`, email, name, cents, at)
	return err
}
