// Package artists manages payees, their Stripe Connect accounts, and the
// catalog's royalty splits.
package artists

import (
	"context"
	"fmt"
	"strings"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/ids"
	"github.com/soundledger/royalties/internal/platform/retry"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/provider/stripex"
	"github.com/soundledger/royalties/internal/store"
)

// OnboardRequest creates (or finds) an artist and their Connect account.
type OnboardRequest struct {
	DistributorID    string `json:"distributor_id"`
	ExternalArtistID string `json:"external_artist_id"`
	DisplayName      string `json:"display_name"`
	Email            string `json:"email"`
	Country          string `json:"country"`
	PayoutCurrency   string `json:"payout_currency"`
}

// Service manages artists.
type Service interface {
	Onboard(ctx context.Context, req OnboardRequest) (domain.Artist, bool, error)
	Get(ctx context.Context, id string) (domain.Artist, error)
	UpdatePayoutSettings(ctx context.Context, id string, s store.PayoutSettings) (domain.Artist, error)
}

type service struct {
	tx      txm.Manager
	artists store.Artists
	stripe  stripex.Connect
}

// New returns the artist Service.
func New(tx txm.Manager, artists store.Artists, stripe stripex.Connect) Service {
	return &service{tx: tx, artists: artists, stripe: stripe}
}

func (r OnboardRequest) validate() error {
	switch {
	case r.DistributorID == "" || r.ExternalArtistID == "":
		return domain.Invalid("distributor_id and external_artist_id are required")
	case !strings.Contains(r.Email, "@"):
		return domain.Invalid("email %q is not valid", r.Email)
	case len(r.Country) != 2:
		return domain.Invalid("country must be an ISO 3166-1 alpha-2 code")
	}
	return nil
}

// Onboard implements Service. The artist row is keyed on the distributor's
// artist ID, and the Connect account is created with an idempotency key
// derived from the stored artist ID, so repeating the request converges on
// one artist and one account.
func (s *service) Onboard(ctx context.Context, req OnboardRequest) (domain.Artist, bool, error) {
	if err := req.validate(); err != nil {
		return domain.Artist{}, false, err
	}
	currency := strings.ToLower(req.PayoutCurrency)
	if currency == "" {
		currency = "usd"
	}
	artist, created, err := s.artists.UpsertByExternalID(ctx, domain.Artist{
		ID:               ids.NewULID(),
		DistributorID:    req.DistributorID,
		ExternalArtistID: req.ExternalArtistID,
		DisplayName:      req.DisplayName,
		Email:            req.Email,
		PayoutCurrency:   currency,
	})
	if err != nil {
		return domain.Artist{}, false, fmt.Errorf("upsert artist: %w", err)
	}
	if artist.StripeAccountID != "" {
		return artist, created, nil
	}

	acct, err := retry.Do(ctx, func(ctx context.Context) (string, error) {
		return s.stripe.CreateExpressAccount(ctx, stripex.AccountRequest{
			Email:    artist.Email,
			Country:  strings.ToUpper(req.Country),
			ArtistID: artist.ID,
		}, stripex.WithIdempotencyKey("artist-account:"+artist.ID))
	}, retry.If(stripex.IsRetryable))
	if err != nil {
		return artist, created, fmt.Errorf("create connect account: %w", err)
	}
	if err := s.artists.SetStripeAccount(ctx, artist.ID, acct); err != nil {
		return artist, created, err
	}
	artist, err = s.artists.Get(ctx, artist.ID)
	return artist, created, err
}

// Get implements Service.
func (s *service) Get(ctx context.Context, id string) (domain.Artist, error) {
	return s.artists.Get(ctx, id)
}

// UpdatePayoutSettings implements Service.
func (s *service) UpdatePayoutSettings(ctx context.Context, id string, ps store.PayoutSettings) (domain.Artist, error) {
	switch ps.Schedule {
	case "monthly", "manual", "auto":
	default:
		return domain.Artist{}, domain.Invalid("payout schedule %q", ps.Schedule)
	}
	if ps.MinPayoutCents < 0 {
		return domain.Artist{}, domain.Invalid("min_payout_cents must not be negative")
	}
	ps.Currency = strings.ToLower(ps.Currency)
	return s.artists.UpdatePayoutSettings(ctx, id, ps)
}
