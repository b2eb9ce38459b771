package pg

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

// ArtistRepo implements store.Artists.
type ArtistRepo struct{ base }

// NewArtistRepo returns an ArtistRepo.
func NewArtistRepo(db txm.DBTX) *ArtistRepo { return &ArtistRepo{base{db}} }

var _ store.Artists = (*ArtistRepo)(nil)

const artistCols = `id, distributor_id, external_artist_id, display_name, email,
	stripe_account_id, payout_currency, payout_schedule, min_payout_cents, status, created_at`

func scanArtist(row pgx.Row) (domain.Artist, error) {
	var a domain.Artist
	var acct *string
	err := row.Scan(&a.ID, &a.DistributorID, &a.ExternalArtistID, &a.DisplayName, &a.Email,
		&acct, &a.PayoutCurrency, &a.PayoutSchedule, &a.MinPayoutCents, &a.Status, &a.CreatedAt)
	a.StripeAccountID = deref(acct)
	return a, err
}

// UpsertByExternalID implements store.Artists.
func (r *ArtistRepo) UpsertByExternalID(ctx context.Context, a domain.Artist) (domain.Artist, bool, error) {
	row := r.conn(ctx).QueryRow(ctx, `
		INSERT INTO artists (id, distributor_id, external_artist_id, display_name, email, payout_currency)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (distributor_id, external_artist_id) DO NOTHING
		RETURNING `+artistCols,
		a.ID, a.DistributorID, a.ExternalArtistID, a.DisplayName, a.Email, a.PayoutCurrency)
	created, err := scanArtist(row)
	if err == nil {
		return created, true, nil
	}
	if err != pgx.ErrNoRows {
		return domain.Artist{}, false, err
	}
	existing, err := r.GetByExternalID(ctx, a.DistributorID, a.ExternalArtistID)
	return existing, false, err
}

// Get implements store.Artists.
func (r *ArtistRepo) Get(ctx context.Context, id string) (domain.Artist, error) {
	a, err := scanArtist(r.conn(ctx).QueryRow(ctx, `SELECT `+artistCols+` FROM artists WHERE id = $1`, id))
	return a, notFound(err, "artist", id)
}

// GetByExternalID implements store.Artists.
func (r *ArtistRepo) GetByExternalID(ctx context.Context, distributorID, externalID string) (domain.Artist, error) {
	a, err := scanArtist(r.conn(ctx).QueryRow(ctx,
		`SELECT `+artistCols+` FROM artists WHERE distributor_id = $1 AND external_artist_id = $2`,
		distributorID, externalID))
	return a, notFound(err, "artist", distributorID+"/"+externalID)
}

// SetStripeAccount implements store.Artists. It only fills an empty
// account so that a late duplicate cannot overwrite the first one.
func (r *ArtistRepo) SetStripeAccount(ctx context.Context, id, accountID string) error {
	_, err := r.conn(ctx).Exec(ctx, `
		UPDATE artists SET stripe_account_id = $2, updated_at = now()
		WHERE id = $1 AND stripe_account_id IS NULL`, id, accountID)
	return err
}

// UpdatePayoutSettings implements store.Artists.
func (r *ArtistRepo) UpdatePayoutSettings(ctx context.Context, id string, s store.PayoutSettings) (domain.Artist, error) {
	a, err := scanArtist(r.conn(ctx).QueryRow(ctx, `
		UPDATE artists
		SET payout_currency = $2, payout_schedule = $3, min_payout_cents = $4, updated_at = now()
		WHERE id = $1
		RETURNING `+artistCols, id, s.Currency, s.Schedule, s.MinPayoutCents))
	return a, notFound(err, "artist", id)
}

// ListActive implements store.Artists using keyset pagination.
func (r *ArtistRepo) ListActive(ctx context.Context, afterID string, limit int) ([]domain.Artist, error) {
	rows, err := r.conn(ctx).Query(ctx, `
		SELECT `+artistCols+` FROM artists
		WHERE status = 'active' AND id > $1
		ORDER BY id LIMIT $2`, afterID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Artist
	for rows.Next() {
		a, err := scanArtist(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
