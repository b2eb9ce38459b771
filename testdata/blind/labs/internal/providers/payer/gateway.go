// Package payer is the client for the PayerLink gateway, which answers
// prior-authorization inquiries (X12 278 over JSON). An inquiry is a
// read: it creates nothing at the payer.
package payer

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/providers/httpc"
)

// Inquiry asks whether services need prior authorization for a member.
type Inquiry struct {
	PayerID      string    `json:"payer_id"`
	MemberID     string    `json:"member_id"`
	PatientDOB   string    `json:"patient_dob"`
	ProviderNPI  string    `json:"provider_npi"`
	ServiceCodes []string  `json:"service_codes"`
	ServiceDate  time.Time `json:"service_date"`
}

// Determination is the payer's answer.
type Determination struct {
	Status       string   `json:"status"` // not_required, approved, pending, denied
	PayerRef     string   `json:"payer_ref"`
	Reasons      []string `json:"reasons"`
	CertNumber   string   `json:"cert_number"`
	ValidThrough string   `json:"valid_through"`
}

// Gateway is a PayerLink client.
type Gateway struct {
	core *httpc.Client
}

// GatewayOption configures the Gateway.
type GatewayOption func(*httpc.Client)

// WithTimeout sets the HTTP timeout.
func WithTimeout(d time.Duration) GatewayOption {
	return func(c *httpc.Client) { c.HTTP = httpc.DefaultHTTPClient(d) }
}

// WithRetries retries temporary failures.
func WithRetries(n int) GatewayOption {
	return func(c *httpc.Client) { c.Retries, c.RetryDelay = n, 2*time.Second }
}

// NewGateway builds a client using client credentials.
func NewGateway(baseURL, clientID, secret string, opts ...GatewayOption) *Gateway {
	core := &httpc.Client{
		Provider: "payerlink",
		BaseURL:  baseURL,
		HTTP:     httpc.DefaultHTTPClient(30 * time.Second),
		Authorize: func(r *http.Request) {
			r.SetBasicAuth(clientID, secret)
		},
	}
	for _, o := range opts {
		o(core)
	}
	return &Gateway{core: core}
}

// Inquire posts an inquiry and returns the payer's determination.
func (g *Gateway) Inquire(ctx context.Context, in Inquiry) (*Determination, error) {
	h := http.Header{}
	h.Set("X-Request-ID", uuid.NewString())
	var out Determination
	err := g.core.Do(ctx, httpc.Request{Method: http.MethodPost, Path: "/278/inquiries", Body: in, Header: h}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
