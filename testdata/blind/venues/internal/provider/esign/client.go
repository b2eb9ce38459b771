// Package esign is the client for Inkwell, the e-signature provider that
// sends venue hire contracts and addenda to couples.
//
// Inkwell deduplicates envelope creation on the client_request_id field of
// the request body: a create that repeats a client_request_id seen in the
// last 7 days returns the envelope created the first time instead of
// emailing the signers again. Other calls are keyed by envelope id.
package esign

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/vowhall/venues/internal/platform/kit"
	"github.com/vowhall/venues/internal/provider/httpx"
)

const provider = "inkwell"

type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
	backoff kit.Backoff
	now     func() time.Time
}

type Option func(*Client)

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

func WithBackoff(b kit.Backoff) Option { return func(c *Client) { c.backoff = b } }

func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, apiKey: apiKey, http: httpx.DefaultClient(), backoff: kit.DefaultBackoff, now: time.Now}
	for _, o := range opts {
		o(c)
	}
	return c
}

type Signer struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Role  string `json:"role"`
	Order int    `json:"routing_order"`
}

type EnvelopeRequest struct {
	ClientRequestID string            `json:"client_request_id,omitempty"`
	TemplateID      string            `json:"template_id"`
	Subject         string            `json:"email_subject"`
	Signers         []Signer          `json:"signers"`
	Fields          map[string]string `json:"fields,omitempty"`
	ExpiresAt       time.Time         `json:"expires_at"`
	Metadata        map[string]string `json:"metadata,omitempty"`
}

type Envelope struct {
	ID        string            `json:"id"`
	Status    string            `json:"status"`
	CreatedAt time.Time         `json:"created_at"`
	ExpiresAt time.Time         `json:"expires_at"`
	Metadata  map[string]string `json:"metadata,omitempty"`
}

// CreateEnvelope creates an envelope from a template and sends it.
func (c *Client) CreateEnvelope(ctx context.Context, in EnvelopeRequest) (*Envelope, error) {
	env, err := kit.Retry(ctx, c.backoff, httpx.IsRetryable, func(ctx context.Context) (Envelope, error) {
		req, err := httpx.NewJSONRequest(ctx, http.MethodPost, c.baseURL+"/envelopes", in)
		if err != nil {
			return Envelope{}, err
		}
		c.authorize(req)
		return httpx.Do[Envelope](c.http, provider, req)
	})
	if err != nil {
		return nil, err
	}
	return &env, nil
}

// VoidEnvelope withdraws an unsigned envelope. Voiding an envelope that is
// already voided is not an error.
func (c *Client) VoidEnvelope(ctx context.Context, envelopeID, reason string) error {
	_, err := kit.Retry(ctx, c.backoff, httpx.IsRetryable, func(ctx context.Context) (struct{}, error) {
		body := map[string]string{"status": "voided", "voided_reason": reason}
		req, err := httpx.NewJSONRequest(ctx, http.MethodPut, c.baseURL+"/envelopes/"+url.PathEscape(envelopeID)+"/status", body)
		if err != nil {
			return struct{}{}, err
		}
		c.authorize(req)
		return httpx.Do[struct{}](c.http, provider, req)
	})
	var apiErr *httpx.APIError
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusConflict && apiErr.Code == "envelope_already_voided" {
		return nil
	}
	return err
}

// VerifyWebhook checks the Inkwell-Signature header of a webhook delivery.
func (c *Client) VerifyWebhook(secret string, payload []byte, header string) error {
	return httpx.VerifyTimestampedHMAC(secret, payload, header, 10*time.Minute, c.now())
}

func (c *Client) authorize(r *http.Request) {
	r.Header.Set("Authorization", "Bearer "+c.apiKey)
}

// Event is an Inkwell webhook delivery.
type Event struct {
	ID         string            `json:"event_id"`
	Type       string            `json:"event_type"`
	EnvelopeID string            `json:"envelope_id"`
	OccurredAt time.Time         `json:"occurred_at"`
	Metadata   map[string]string `json:"metadata,omitempty"`
}

const (
	EventEnvelopeCompleted = "envelope.completed"
	EventEnvelopeDeclined  = "envelope.declined"
)
