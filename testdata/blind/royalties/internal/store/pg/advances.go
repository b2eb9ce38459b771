package pg

import (
	"context"

	"github.com/google/uuid"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

// AdvanceRepo implements store.Advances.
type AdvanceRepo struct{ base }

// NewAdvanceRepo returns an AdvanceRepo.
func NewAdvanceRepo(db txm.DBTX) *AdvanceRepo { return &AdvanceRepo{base{db}} }

var _ store.Advances = (*AdvanceRepo)(nil)

// Insert implements store.Advances.
func (r *AdvanceRepo) Insert(ctx context.Context, a domain.Advance) error {
	_, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO advances (id, artist_id, deal_id, amount_cents, currency, effective_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.ID, a.ArtistID, a.DealID, a.AmountCents, a.Currency, a.EffectiveAt)
	return err
}

// Outstanding implements store.Advances, oldest first.
func (r *AdvanceRepo) Outstanding(ctx context.Context, artistID string) ([]domain.Advance, error) {
	rows, err := r.conn(ctx).Query(ctx, `
		SELECT id, artist_id, deal_id, amount_cents, recouped_cents, currency, effective_at
		FROM advances
		WHERE artist_id = $1 AND recouped_cents < amount_cents
		ORDER BY effective_at, id
		FOR UPDATE`, artistID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Advance
	for rows.Next() {
		var a domain.Advance
		if err := rows.Scan(&a.ID, &a.ArtistID, &a.DealID, &a.AmountCents, &a.RecoupedCents, &a.Currency, &a.EffectiveAt); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// Recoup implements store.Advances.
func (r *AdvanceRepo) Recoup(ctx context.Context, id uuid.UUID, cents int64) error {
	_, err := r.conn(ctx).Exec(ctx, `
		UPDATE advances SET recouped_cents = recouped_cents + $2 WHERE id = $1`, id, cents)
	return err
}
