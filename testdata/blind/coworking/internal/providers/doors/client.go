// Package doors is the client for the door-access partner API. The partner
// deduplicates mutating requests on the X-Request-Key header for 72 hours.
package doors

import (
	"context"
	"errors"
	"net/http"

	"github.com/deskhive/coworking/internal/providers/httpclient"
)

// HeaderRequestKey is the partner's deduplication header.
const HeaderRequestKey = "X-Request-Key"

// ProvisionRequest describes a credential to create.
type ProvisionRequest struct {
	RequestKey  string   `json:"-"`
	MemberRef   string   `json:"member_ref"`
	DisplayName string   `json:"display_name"`
	Slot        string   `json:"slot"`
	Zones       []string `json:"zones"`
}

// Credential is the partner's view of an issued card.
type Credential struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Format string `json:"format"`
}

// Client is the door-access API.
type Client interface {
	ProvisionCard(ctx context.Context, req ProvisionRequest) (Credential, error)
	RevokeCard(ctx context.Context, credentialID, requestKey string) error
}

// HTTPClient implements Client over HTTPS.
type HTTPClient struct {
	c *httpclient.Client
}

// NewHTTPClient builds the partner client.
func NewHTTPClient(baseURL, apiKey string) *HTTPClient {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+apiKey)
	return &HTTPClient{c: httpclient.New(baseURL, h)}
}

func keyHeader(key string) http.Header {
	h := http.Header{}
	if key != "" {
		h.Set(HeaderRequestKey, key)
	}
	return h
}

// ProvisionCard creates a credential.
func (c *HTTPClient) ProvisionCard(ctx context.Context, req ProvisionRequest) (Credential, error) {
	var out Credential
	err := c.c.Do(ctx, http.MethodPost, "/credentials", keyHeader(req.RequestKey), req, &out)
	return out, err
}

// RevokeCard deactivates a credential. Revoking an unknown or already
// revoked credential is not an error.
func (c *HTTPClient) RevokeCard(ctx context.Context, credentialID, requestKey string) error {
	err := c.c.Do(ctx, http.MethodPost, "/credentials/"+credentialID+"/revoke", keyHeader(requestKey), nil, nil)
	var se *httpclient.StatusError
	if errors.As(err, &se) && (se.Status == http.StatusNotFound || se.Status == http.StatusGone) {
		return nil
	}
	return err
}
