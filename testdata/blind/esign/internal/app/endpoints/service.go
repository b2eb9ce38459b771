// Package endpoints implements app.EndpointService.
package endpoints

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store/queries"
)

// Service implements app.EndpointService.
type Service struct {
	db  app.Database
	now app.Clock
}

var _ app.EndpointService = (*Service)(nil)

// New returns a Service.
func New(db app.Database, now app.Clock) *Service {
	return &Service{db: db, now: now}
}

// Register adds a webhook endpoint, or rotates the secret of an existing
// registration for the same URL.
func (s *Service) Register(ctx context.Context, accountID, rawURL string) (*app.EndpointView, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return nil, app.Invalid("url", "must be an https URL")
	}
	secret, err := newSecret()
	if err != nil {
		return nil, err
	}
	ep, err := queries.UpsertEndpoint(ctx, s.db, domain.WebhookEndpoint{
		ID:        ids.Prefixed(ids.Endpoint),
		AccountID: accountID,
		URL:       u.String(),
		Secret:    secret,
		CreatedAt: s.now(),
	})
	if err != nil {
		return nil, err
	}
	return &app.EndpointView{WebhookEndpoint: ep, Secret: ep.Secret}, nil
}

func newSecret() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "whsec_" + hex.EncodeToString(b), nil
}
