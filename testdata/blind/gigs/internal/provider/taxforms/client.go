// Package taxforms is the client for the tax-form collection provider, which
// emails freelancers a hosted W-9 / W-8BEN envelope and calls us back when the
// form is completed.
//
// Envelope creation accepts an external_id; the provider keeps one envelope
// per external_id and returns it on repeats instead of sending a new email.
package taxforms

import (
	"context"
	"net/http"
	"time"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/provider/httpjson"
)

// Client calls the tax-form API.
type Client struct {
	api *httpjson.Client
}

// Config configures the client.
type Config struct {
	BaseURL string
	APIKey  string
}

func New(cfg Config, rec *metrics.Recorder) *Client {
	return &Client{api: httpjson.New("taxforms", cfg.BaseURL, cfg.APIKey, rec)}
}

// FormRequest asks the provider to collect a form from a payee.
type FormRequest struct {
	FormType   string `json:"form_type"` // w9, w8ben, w8bene
	TaxYear    int    `json:"tax_year"`
	PayeeEmail string `json:"payee_email"`
	PayeeRef   string `json:"payee_reference"`
	ExternalID string `json:"external_id,omitempty"`
	RedirectTo string `json:"redirect_url,omitempty"`
}

// SendOption adjusts a SendRequest call.
type SendOption func(*FormRequest)

// WithExternalID deduplicates envelopes on the provider side.
func WithExternalID(id string) SendOption {
	return func(r *FormRequest) { r.ExternalID = id }
}

// Envelope is a sent collection request.
type Envelope struct {
	ID         string    `json:"id"`
	Status     string    `json:"status"`
	SentAt     time.Time `json:"sent_at"`
	SigningURL string    `json:"signing_url"`
}

// SendRequest creates an envelope and emails it to the payee.
func (c *Client) SendRequest(ctx context.Context, req FormRequest, opts ...SendOption) (Envelope, error) {
	for _, o := range opts {
		o(&req)
	}
	var out Envelope
	err := c.api.Do(ctx, httpjson.Call{Method: http.MethodPost, Path: "/v1/envelopes", Endpoint: "send_envelope", Body: req}, &out)
	return out, err
}

// SignatureHeader carries the webhook signature.
const SignatureHeader = "X-TaxForms-Signature"

// Event is a webhook delivery.
type Event struct {
	ID         string `json:"id"`
	Type       string `json:"type"` // form.completed, form.rejected
	EnvelopeID string `json:"envelope_id"`
	Form       struct {
		ID          string    `json:"id"`
		FormType    string    `json:"form_type"`
		Status      string    `json:"status"`
		TINLast4    string    `json:"tin_last4"`
		CompletedAt time.Time `json:"completed_at"`
	} `json:"form"`
}

// VerifyWebhook checks the signature over the raw body.
func VerifyWebhook(secret, sig string, body []byte) error {
	return httpjson.VerifyPlain(secret, sig, body)
}
