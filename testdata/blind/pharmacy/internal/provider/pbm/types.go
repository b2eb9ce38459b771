package pbm

import (
	"context"
	"encoding/json"
	"net/url"
)

// Member identifies the patient's coverage as printed on the card.
type Member struct {
	MemberID    string `json:"member_id"`
	BIN         string `json:"bin"`
	PCN         string `json:"pcn"`
	Group       string `json:"group"`
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	DateOfBirth string `json:"date_of_birth"`
}

// EligibilityRequest is an E1 eligibility verification.
type EligibilityRequest struct {
	Member Member `json:"member"`
}

// EligibilityResponse is the PBM's answer to an E1.
type EligibilityResponse struct {
	Eligible bool            `json:"eligible"`
	PlanName string          `json:"plan_name"`
	Details  json.RawMessage `json:"details"`
}

// ClaimRequest is a B1 billing request.
type ClaimRequest struct {
	ClaimID       string `json:"claim_id"`
	Member        Member `json:"member"`
	PrescriberNPI string `json:"prescriber_npi"`
	NDC           string `json:"ndc"`
	Quantity      int32  `json:"quantity"`
	DaysSupply    int32  `json:"days_supply"`
	FillNumber    int32  `json:"fill_number"`
	RxNumber      string `json:"rx_number"`
	DateOfService string `json:"date_of_service"`
	BilledCents   int64  `json:"billed_cents"`
}

// ClaimResponse is the adjudication result.
type ClaimResponse struct {
	ClaimRef      string   `json:"claim_ref"`
	Status        string   `json:"status"` // paid, rejected, pended
	PlanPaidCents int64    `json:"plan_paid_cents"`
	CopayCents    int64    `json:"copay_cents"`
	RejectCodes   []string `json:"reject_codes"`
}

// ReversalRequest is a B2 reversal.
type ReversalRequest struct {
	Reason string `json:"reason"`
}

// ReversalResponse is the PBM's acknowledgement of a reversal.
type ReversalResponse struct {
	ReversalRef string `json:"reversal_ref"`
	Status      string `json:"status"`
}

// CheckEligibility runs an E1 transaction. It has no side effects at the PBM.
func (c *Client) CheckEligibility(ctx context.Context, in EligibilityRequest, opts ...CallOption) (*EligibilityResponse, error) {
	var out EligibilityResponse
	if err := c.post(ctx, "/v2/eligibility", in, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// SubmitClaim sends a B1 claim for adjudication.
func (c *Client) SubmitClaim(ctx context.Context, in ClaimRequest, opts ...CallOption) (*ClaimResponse, error) {
	var out ClaimResponse
	if err := c.post(ctx, "/v2/claims", in, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// ReverseClaim sends a B2 reversal for a previously paid claim.
func (c *Client) ReverseClaim(ctx context.Context, claimRef string, in ReversalRequest, opts ...CallOption) (*ReversalResponse, error) {
	var out ReversalResponse
	if err := c.post(ctx, "/v2/claims/"+url.PathEscape(claimRef)+"/reversals", in, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}
