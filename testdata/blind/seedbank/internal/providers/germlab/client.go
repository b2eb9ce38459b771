// Package germlab is the client for Germinata Labs, the partner lab that
// runs germination tests on incoming seed lots.
package germlab

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/furrowline/seedbank/internal/providers/apiclient"
)

type Client struct {
	api    *apiclient.Client
	secret string
}

func New(baseURL, apiKey, webhookSecret string, timeout time.Duration) *Client {
	return &Client{
		api:    apiclient.New(baseURL, timeout, apiclient.HeaderAuth("Authorization", "Bearer "+apiKey)),
		secret: webhookSecret,
	}
}

// SampleRequest orders a germination test. The lab invoices per order.
type SampleRequest struct {
	PartnerRef  string `json:"partner_ref"`
	Species     string `json:"species"`
	Variety     string `json:"variety"`
	Seeds       int    `json:"seeds"`
	Method      string `json:"method"`
	CallbackURL string `json:"callback_url"`
}

// SubmitOptions are per-call settings. RequestKey is sent as X-Request-Key;
// the lab keeps keys for 72 hours and returns the original order for a
// repeated key.
type SubmitOptions struct {
	RequestKey string
	Priority   bool
}

// Sample is a test order at the lab.
type Sample struct {
	ID         string `json:"id"`
	PartnerRef string `json:"partner_ref"`
	Status     string `json:"status"`
}

// SubmitSample orders a test.
func (c *Client) SubmitSample(ctx context.Context, req SampleRequest, opts SubmitOptions) (*Sample, error) {
	h := http.Header{}
	if opts.RequestKey != "" {
		h.Set("X-Request-Key", opts.RequestKey)
	}
	if opts.Priority {
		h.Set("X-Priority", "high")
	}
	var out Sample
	if err := c.api.Do(ctx, http.MethodPost, "/v1/samples", req, &out, h); err != nil {
		return nil, err
	}
	return &out, nil
}

// RequestRetest orders another test run on a sample the lab still holds.
// Every call is a separately invoiced run.
func (c *Client) RequestRetest(ctx context.Context, sampleID, reason string) (*Sample, error) {
	var out Sample
	body := map[string]string{"reason": reason}
	if err := c.api.Do(ctx, http.MethodPost, "/v1/samples/"+url.PathEscape(sampleID)+"/retests", body, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// Result is the webhook body the lab posts when a test run finishes.
type Result struct {
	SampleID        string    `json:"sample_id"`
	PartnerRef      string    `json:"partner_ref"`
	Run             int       `json:"run"`
	SeedsSown       int       `json:"seeds_sown"`
	SeedsGerminated int       `json:"seeds_germinated"`
	Method          string    `json:"method"`
	CompletedAt     time.Time `json:"completed_at"`
}

// ParseResult verifies the X-Lab-Signature header and decodes the result.
func (c *Client) ParseResult(body []byte, signature string) (*Result, error) {
	return apiclient.ParseSigned[Result](c.secret, body, signature)
}
