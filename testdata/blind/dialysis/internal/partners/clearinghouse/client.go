// Package clearinghouse is the client for the claims clearinghouse API: real
// time eligibility (270/271) and institutional claim submission (837I).
//
// The clearinghouse honours an Idempotency-Key header on POST /v2/claims for
// 72 hours: a repeated key returns the original submission instead of
// forwarding a second claim to the payer. Eligibility inquiries are
// read-only and carry no key.
package clearinghouse

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/renalnet/dialysis-ops/internal/partners/httpx"
)

const partnerName = "clearinghouse"

type Config struct {
	BaseURL       string
	APIKey        string
	SubmitterID   string
	WebhookSecret string
}

type Client struct {
	cfg  Config
	http *retryablehttp.Client
}

func New(cfg Config, hc *retryablehttp.Client) *Client {
	return &Client{cfg: cfg, http: hc}
}

func (c *Client) headers(extra map[string]string) map[string]string {
	h := map[string]string{
		"Authorization":  "Bearer " + c.cfg.APIKey,
		"X-Submitter-Id": c.cfg.SubmitterID,
	}
	for k, v := range extra {
		h[k] = v
	}
	return h
}

// ---- eligibility ----------------------------------------------------------

type EligibilityRequest struct {
	TraceNumber   string   `json:"trace_number"`
	PayerID       string   `json:"payer_id"`
	ProviderNPI   string   `json:"provider_npi"`
	MemberID      string   `json:"member_id"`
	FirstName     string   `json:"first_name"`
	LastName      string   `json:"last_name"`
	DateOfBirth   string   `json:"date_of_birth"`
	ServiceTypes  []string `json:"service_type_codes"`
	DateOfService string   `json:"date_of_service"`
}

type EligibilityResponse struct {
	TraceNumber              string         `json:"trace_number"`
	CoverageStatus           string         `json:"coverage_status"` // "active" | "inactive"
	PlanName                 string         `json:"plan_name"`
	CopayCents               *int64         `json:"copay_cents"`
	DeductibleRemainingCents *int64         `json:"deductible_remaining_cents"`
	Raw                      map[string]any `json:"raw"`
}

// CheckEligibility runs a real-time 270 inquiry.
func (c *Client) CheckEligibility(ctx context.Context, req EligibilityRequest) (EligibilityResponse, error) {
	var out EligibilityResponse
	err := httpx.DoJSON(ctx, c.http, partnerName, httpx.Request{
		Method:  http.MethodPost,
		URL:     c.cfg.BaseURL + "/v2/eligibility",
		Headers: c.headers(nil),
		Body:    req,
	}, &out)
	return out, err
}

// ---- claims ----------------------------------------------------------------

type ClaimLine struct {
	LineNumber  int    `json:"line_number"`
	RevenueCode string `json:"revenue_code"`
	HCPCS       string `json:"hcpcs"`
	Modifiers   string `json:"modifiers,omitempty"`
	Units       int32  `json:"units"`
	ChargeCents int64  `json:"charge_cents"`
	ServiceDate string `json:"service_date"`
}

type Claim struct {
	PatientControlNumber string      `json:"patient_control_number"`
	FrequencyCode        string      `json:"frequency_code"`
	OriginalPayerClaimID string      `json:"original_payer_claim_id,omitempty"`
	PayerID              string      `json:"payer_id"`
	MemberID             string      `json:"member_id"`
	BillingNPI           string      `json:"billing_npi"`
	BillingTaxID         string      `json:"billing_tax_id"`
	TypeOfBill           string      `json:"type_of_bill"`
	StatementFrom        string      `json:"statement_from"`
	StatementTo          string      `json:"statement_to"`
	TotalChargeCents     int64       `json:"total_charge_cents"`
	PatientFirstName     string      `json:"patient_first_name"`
	PatientLastName      string      `json:"patient_last_name"`
	PatientDOB           string      `json:"patient_dob"`
	Lines                []ClaimLine `json:"lines"`
}

type SubmitResult struct {
	SubmissionID string    `json:"submission_id"`
	Status       string    `json:"status"` // "accepted" | "rejected"
	ResponseCode string    `json:"response_code"`
	ReceivedAt   time.Time `json:"received_at"`
}

type callOptions struct {
	idempotencyKey string
}

// CallOption tunes a single call.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// SubmitClaim posts an 837I.
func (c *Client) SubmitClaim(ctx context.Context, claim Claim, opts ...CallOption) (SubmitResult, error) {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	var out SubmitResult
	err := httpx.DoJSON(ctx, c.http, partnerName, httpx.Request{
		Method:  http.MethodPost,
		URL:     c.cfg.BaseURL + "/v2/claims",
		Headers: c.headers(map[string]string{"Idempotency-Key": o.idempotencyKey}),
		Body:    claim,
	}, &out)
	if err != nil {
		return out, fmt.Errorf("submit claim %s: %w", claim.PatientControlNumber, err)
	}
	return out, nil
}

// ---- webhooks --------------------------------------------------------------

// RemittanceNotice is the body of an era.available webhook: an 835 already
// parsed by the clearinghouse.
type RemittanceNotice struct {
	DeliveryID  string            `json:"delivery_id"`
	EraID       string            `json:"era_id"`
	PayerID     string            `json:"payer_id"`
	CheckNumber string            `json:"check_number"`
	PaidTotal   int64             `json:"paid_total_cents"`
	Claims      []RemittanceClaim `json:"claims"`
}

type RemittanceClaim struct {
	PatientControlNumber string `json:"patient_control_number"`
	PayerClaimID         string `json:"payer_claim_id"`
	StatusCode           string `json:"status_code"`
	ChargeCents          int64  `json:"charge_cents"`
	PaidCents            int64  `json:"paid_cents"`
	AdjustmentCents      int64  `json:"adjustment_cents"`
	GroupCode            string `json:"group_code"`
	ReasonCode           string `json:"reason_code"`
}

// VerifyWebhook checks the X-Clearinghouse-Signature header.
func (c *Client) VerifyWebhook(body []byte, signature string) bool {
	return httpx.VerifyHMAC([]byte(c.cfg.WebhookSecret), body, signature)
}
