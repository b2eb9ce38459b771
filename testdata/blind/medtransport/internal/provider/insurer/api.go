package insurer

import (
	"context"
	"net/http"
	"time"
)

type Address struct {
	Line string `json:"line"`
}

type PreAuthRequest struct {
	MemberID       string    `json:"member_id"`
	ProviderRef    string    `json:"provider_ref"`
	ServiceDate    time.Time `json:"service_date"`
	Pickup         Address   `json:"pickup"`
	Dropoff        Address   `json:"dropoff"`
	MobilityLevel  string    `json:"mobility_level"`
	CallbackURL    string    `json:"callback_url,omitempty"`
	RequestingNPI  string    `json:"requesting_npi,omitempty"`
	EstimatedMiles float64   `json:"estimated_miles,omitempty"`
}

type PreAuthResponse struct {
	PartnerRef string `json:"preauth_id"`
	Status     string `json:"status"` // received | approved | denied
	AuthNumber string `json:"auth_number,omitempty"`
}

// SubmitPreAuth asks the payer to authorise a trip. Decisions usually
// arrive later on the callback URL.
func (c *Client) SubmitPreAuth(ctx context.Context, in PreAuthRequest, opts ...RequestOption) (*PreAuthResponse, error) {
	out := new(PreAuthResponse)
	if err := c.do(ctx, http.MethodPost, "/v2/preauthorizations", in, out, opts...); err != nil {
		return nil, err
	}
	return out, nil
}

type ClaimLine struct {
	Code       string  `json:"procedure_code"`
	Units      float64 `json:"units"`
	ChargeCent int64   `json:"charge_cents"`
}

type ClaimRequest struct {
	ClaimNumber string      `json:"claim_number"`
	MemberID    string      `json:"member_id"`
	AuthNumber  string      `json:"auth_number"`
	ServiceDate time.Time   `json:"service_date"`
	Lines       []ClaimLine `json:"lines"`
}

type ClaimResponse struct {
	PartnerClaimID   string `json:"claim_id"`
	Status           string `json:"status"`
	AllowedCents     int64  `json:"allowed_cents"`
	PatientRespCents int64  `json:"patient_responsibility_cents"`
}

// SubmitClaim sends a transport claim; the partner adjudicates NEMT claims
// in real time and returns the allowed amount in the response.
func (c *Client) SubmitClaim(ctx context.Context, in ClaimRequest, opts ...RequestOption) (*ClaimResponse, error) {
	out := new(ClaimResponse)
	if err := c.do(ctx, http.MethodPost, "/v2/claims", in, out, opts...); err != nil {
		return nil, err
	}
	return out, nil
}
