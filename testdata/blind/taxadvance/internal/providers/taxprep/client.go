// Package taxprep is a client for the TaxPrep Exchange Bank Products API, the
// hub our tax-preparation partners integrate with. Lenders read return data
// from it and report bank-product status and events back to the partner's
// software, which shows them to the preparer and the customer.
//
// Status is written with PUT of the full bank-product state (last write wins).
// Event posts accept an Idempotency-Key header that the hub keeps for 24 hours;
// without one every post is appended to the partner's event timeline.
package taxprep

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"time"

	"github.com/refundbridge/advance/internal/platform/httpx"
)

// Client talks to the hub on behalf of all partners.
type Client struct {
	api *httpx.JSONClient
}

// New builds a client authenticated with the lender API key.
func New(baseURL, apiKey string, hc httpx.Doer) *Client {
	return &Client{api: &httpx.JSONClient{
		Provider:  "taxprep-exchange",
		BaseURL:   baseURL,
		HTTP:      hc,
		UserAgent: "refundbridge-advance/1.0",
		Authorize: func(r *http.Request) { r.Header.Set("X-Lender-Key", apiKey) },
	}}
}

// ReturnSummary is the subset of return data lenders may read.
type ReturnSummary struct {
	ReturnRef            string    `json:"return_ref"`
	TaxYear              int       `json:"tax_year"`
	FilingStatus         string    `json:"filing_status"`
	FederalRefundCents   int64     `json:"federal_refund"`
	EITCCents            int64     `json:"eitc"`
	ACTCCents            int64     `json:"actc"`
	PriorYearBankProduct bool      `json:"prior_year_bank_product"`
	PriorYearUnpaid      bool      `json:"prior_year_unpaid"`
	IRSAckStatus         string    `json:"irs_ack_status"`
	TransmittedAt        time.Time `json:"transmitted_at"`
}

func returnPath(partnerCode, returnRef string) string {
	return "/v1/partners/" + url.PathEscape(partnerCode) + "/returns/" + url.PathEscape(returnRef)
}

// GetReturn reads a return summary.
func (c *Client) GetReturn(ctx context.Context, partnerCode, returnRef string) (ReturnSummary, error) {
	var out ReturnSummary
	_, err := c.api.Do(ctx, http.MethodGet, returnPath(partnerCode, returnRef), nil, nil, &out)
	return out, err
}

// BankProductStatus is the full bank-product state for a return.
type BankProductStatus struct {
	Status         string     `json:"status"`
	AdvanceCents   int64      `json:"advance_amount"`
	FeeCents       int64      `json:"lender_fee"`
	DeclineReasons []string   `json:"decline_reasons,omitempty"`
	UpdatedAt      time.Time  `json:"updated_at"`
	FundedAt       *time.Time `json:"funded_at,omitempty"`
}

// PutBankProductStatus replaces the bank-product state shown to the partner.
func (c *Client) PutBankProductStatus(ctx context.Context, partnerCode, returnRef string, st BankProductStatus) error {
	_, err := c.api.Do(ctx, http.MethodPut, returnPath(partnerCode, returnRef)+"/bank-product", nil, st, nil)
	return err
}

// BankProductEvent is appended to the partner's bank-product timeline.
type BankProductEvent struct {
	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string `json:"-"`

	Type        string            `json:"type"`
	AmountCents int64             `json:"amount,omitempty"`
	OccurredAt  time.Time         `json:"occurred_at"`
	Attributes  map[string]string `json:"attributes,omitempty"`
}

// PostBankProductEvent appends an event to the partner's timeline.
func (c *Client) PostBankProductEvent(ctx context.Context, partnerCode, returnRef string, evt BankProductEvent) error {
	h := http.Header{}
	if evt.IdempotencyKey != "" {
		h.Set("Idempotency-Key", evt.IdempotencyKey)
	}
	_, err := c.api.Do(ctx, http.MethodPost, returnPath(partnerCode, returnRef)+"/bank-product/events", h, evt, nil)
	return err
}

// SignatureHeader carries the hex HMAC-SHA256 of the webhook body.
const SignatureHeader = "X-TPX-Signature"

// VerifyWebhook checks a partner webhook signature.
func VerifyWebhook(secret, signature string, body []byte) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
