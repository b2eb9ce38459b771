package artists

import (
	"context"
	"fmt"
	"strings"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

// TrackUpdate is a catalog change published by the metadata system.
type TrackUpdate struct {
	ISRC             string `json:"isrc"`
	Title            string `json:"title"`
	DistributorID    string `json:"distributor_id"`
	ExternalArtistID string `json:"external_artist_id"`
	RateMicros       int64  `json:"rate_micros"`
	Version          int64  `json:"version"`
}

// SplitRequest adds a collaborator's share to a track.
type SplitRequest struct {
	ArtistID  string `json:"artist_id"`
	ShareBPS  int    `json:"share_bps"`
	CreatedBy string `json:"-"`
}

// Catalog manages tracks and splits.
type Catalog interface {
	ApplyTrackUpdate(ctx context.Context, u TrackUpdate) (bool, error)
	AddSplit(ctx context.Context, isrc string, req SplitRequest) (domain.Split, error)
	Splits(ctx context.Context, isrc string) ([]domain.Split, error)
}

type catalog struct {
	tx      txm.Manager
	artists store.Artists
	tracks  store.Catalog
}

// NewCatalog returns the Catalog service.
func NewCatalog(tx txm.Manager, artists store.Artists, tracks store.Catalog) Catalog {
	return &catalog{tx: tx, artists: artists, tracks: tracks}
}

// ApplyTrackUpdate implements Catalog.
func (c *catalog) ApplyTrackUpdate(ctx context.Context, u TrackUpdate) (bool, error) {
	if u.ISRC == "" || u.Version <= 0 {
		return false, domain.Invalid("track update needs isrc and a positive version")
	}
	t := domain.Track{
		ISRC:       strings.ToUpper(u.ISRC),
		Title:      u.Title,
		RateMicros: u.RateMicros,
		Version:    u.Version,
	}
	if u.ExternalArtistID != "" {
		a, err := c.artists.GetByExternalID(ctx, u.DistributorID, u.ExternalArtistID)
		if err != nil {
			return false, fmt.Errorf("resolve primary artist: %w", err)
		}
		t.PrimaryArtistID = a.ID
	}
	return c.tracks.UpsertTrack(ctx, t)
}

// AddSplit implements Catalog.
func (c *catalog) AddSplit(ctx context.Context, isrc string, req SplitRequest) (domain.Split, error) {
	if req.ShareBPS <= 0 || req.ShareBPS > 10000 {
		return domain.Split{}, domain.Invalid("share_bps must be in (0, 10000]")
	}
	split := domain.Split{
		TrackISRC: strings.ToUpper(isrc),
		ArtistID:  req.ArtistID,
		ShareBPS:  req.ShareBPS,
		CreatedBy: req.CreatedBy,
	}
	err := c.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := c.tracks.GetTrack(ctx, split.TrackISRC); err != nil {
			return err
		}
		existing, err := c.tracks.SplitsForTrack(ctx, split.TrackISRC)
		if err != nil {
			return err
		}
		total := split.ShareBPS
		for _, s := range existing {
			total += s.ShareBPS
		}
		if total > 10000 {
			return domain.Invalid("splits for %s would total %d bps", split.TrackISRC, total)
		}
		return c.tracks.InsertSplit(ctx, split)
	})
	if err != nil {
		return domain.Split{}, err
	}
	return split, nil
}

// Splits implements Catalog.
func (c *catalog) Splits(ctx context.Context, isrc string) ([]domain.Split, error) {
	return c.tracks.SplitsForTrack(ctx, strings.ToUpper(isrc))
}
