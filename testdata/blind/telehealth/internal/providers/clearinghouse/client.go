// Package clearinghouse queries payer eligibility (X12 270/271) through the
// PayerLink JSON gateway. An inquiry is a POST but has no side effects at
// the payer; PayerLink has no idempotency mechanism and needs none.
package clearinghouse

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/carelink/telehealth/internal/platform/httpx"
	"github.com/carelink/telehealth/internal/platform/retry"
)

// Inquiry is a 270 eligibility request.
type Inquiry struct {
	SubmitterNPI string `json:"submitter_npi"`
	PayerID      string `json:"payer_id"`
	MemberID     string `json:"member_id"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	DateOfBirth  string `json:"date_of_birth"`
	ServiceDate  string `json:"service_date"`
	ServiceType  string `json:"service_type_code"`
}

// Benefit is one 271 benefit line.
type Benefit struct {
	Code        string `json:"code"`
	ServiceType string `json:"service_type_code"`
	InNetwork   bool   `json:"in_network"`
	AmountCents *int64 `json:"amount_cents"`
}

// Response is the parsed 271.
type Response struct {
	TraceNumber string          `json:"trace_number"`
	Active      bool            `json:"active"`
	PlanName    string          `json:"plan_name"`
	Benefits    []Benefit       `json:"benefits"`
	Raw         json.RawMessage `json:"-"`
}

// Copay returns the in-network telehealth copay if the payer reported one.
func (r Response) Copay() *int64 {
	for _, b := range r.Benefits {
		if b.Code == "B" && b.InNetwork && (b.ServiceType == "98" || b.ServiceType == "30") {
			return b.AmountCents
		}
	}
	return nil
}

// Client calls the PayerLink gateway.
type Client struct {
	base   string
	apiKey string
	hc     *http.Client
	policy retry.Policy
}

func NewClient(base, apiKey string, policy retry.Policy) *Client {
	return &Client{base: base, apiKey: apiKey, hc: httpx.NewClient(20 * time.Second), policy: policy}
}

// Inquire posts a 270 and returns the 271.
func (c *Client) Inquire(ctx context.Context, in Inquiry) (Response, error) {
	return retry.DoValue(ctx, c.policy, func() (Response, error) {
		var raw json.RawMessage
		h := http.Header{}
		h.Set("X-Api-Key", c.apiKey)
		if err := httpx.DoJSON(ctx, c.hc, httpx.Call{
			Provider: "payerlink", Method: http.MethodPost, URL: c.base + "/v1/eligibility/inquiries",
			Header: h, Body: in, Out: &raw,
		}); err != nil {
			return Response{}, err
		}
		var out Response
		if err := json.Unmarshal(raw, &out); err != nil {
			return Response{}, retry.Permanent(err)
		}
		out.Raw = raw
		return out, nil
	})
}
