package pg

import (
	"context"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

// CatalogRepo implements store.Catalog.
type CatalogRepo struct{ base }

// NewCatalogRepo returns a CatalogRepo.
func NewCatalogRepo(db txm.DBTX) *CatalogRepo { return &CatalogRepo{base{db}} }

var _ store.Catalog = (*CatalogRepo)(nil)

// UpsertTrack implements store.Catalog. Older versions are ignored so that
// out-of-order or repeated catalog events converge on the newest state.
func (r *CatalogRepo) UpsertTrack(ctx context.Context, t domain.Track) (bool, error) {
	tag, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO tracks (isrc, title, primary_artist_id, rate_micros, version, updated_at)
		VALUES ($1, $2, $3, $4, $5, now())
		ON CONFLICT (isrc) DO UPDATE
		SET title = EXCLUDED.title,
		    primary_artist_id = EXCLUDED.primary_artist_id,
		    rate_micros = EXCLUDED.rate_micros,
		    version = EXCLUDED.version,
		    updated_at = now()
		WHERE tracks.version < EXCLUDED.version`,
		t.ISRC, t.Title, nullable(t.PrimaryArtistID), t.RateMicros, t.Version)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// GetTrack implements store.Catalog.
func (r *CatalogRepo) GetTrack(ctx context.Context, isrc string) (domain.Track, error) {
	var t domain.Track
	var primary *string
	err := r.conn(ctx).QueryRow(ctx, `
		SELECT isrc, title, primary_artist_id, rate_micros, version, updated_at
		FROM tracks WHERE isrc = $1`, isrc).
		Scan(&t.ISRC, &t.Title, &primary, &t.RateMicros, &t.Version, &t.UpdatedAt)
	t.PrimaryArtistID = deref(primary)
	return t, notFound(err, "track", isrc)
}

// InsertSplit implements store.Catalog.
func (r *CatalogRepo) InsertSplit(ctx context.Context, s domain.Split) error {
	_, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO royalty_splits (track_isrc, artist_id, share_bps, created_by)
		VALUES ($1, $2, $3, $4)`,
		s.TrackISRC, s.ArtistID, s.ShareBPS, s.CreatedBy)
	return err
}

// SplitsForTrack implements store.Catalog.
func (r *CatalogRepo) SplitsForTrack(ctx context.Context, isrc string) ([]domain.Split, error) {
	rows, err := r.conn(ctx).Query(ctx, `
		SELECT track_isrc, artist_id, share_bps, created_by, created_at
		FROM royalty_splits WHERE track_isrc = $1 ORDER BY artist_id`, isrc)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Split
	for rows.Next() {
		var s domain.Split
		if err := rows.Scan(&s.TrackISRC, &s.ArtistID, &s.ShareBPS, &s.CreatedBy, &s.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
