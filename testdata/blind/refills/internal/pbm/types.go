package pbm

import "time"

// EligibilityRequest is an E1-style coverage query. It has no side effects
// at the PBM.
type EligibilityRequest struct {
	BIN         string `json:"bin"`
	PCN         string `json:"pcn"`
	Group       string `json:"group"`
	MemberID    string `json:"member_id"`
	DateOfBirth string `json:"date_of_birth"`
	NDC         string `json:"ndc,omitempty"`
	ServiceDate string `json:"service_date"`
}

type EligibilityResponse struct {
	Eligible     bool   `json:"eligible"`
	PlanName     string `json:"plan_name"`
	CoverageCode string `json:"coverage_code"`
	Message      string `json:"message"`
}

// ClaimRequest is a B1 billing request. ClaimReference is the pharmacy's
// reference for the claim; the PBM keeps the first adjudication for a
// reference and returns it for any repeat submission.
type ClaimRequest struct {
	ClaimReference string  `json:"claim_reference"`
	BIN            string  `json:"bin"`
	PCN            string  `json:"pcn"`
	Group          string  `json:"group"`
	MemberID       string  `json:"member_id"`
	DateOfBirth    string  `json:"date_of_birth"`
	NDC            string  `json:"ndc"`
	Quantity       float64 `json:"quantity"`
	DaysSupply     int     `json:"days_supply"`
	FillNumber     int     `json:"fill_number"`
	PrescriberNPI  string  `json:"prescriber_npi"`
	RxNumber       string  `json:"rx_number"`
	DateOfService  string  `json:"date_of_service"`
	UsualCustomary int64   `json:"usual_and_customary_cents"`
}

type ClaimResponse struct {
	ClaimReference      string   `json:"claim_reference"`
	PBMClaimID          string   `json:"pbm_claim_id"`
	Status              string   `json:"status"` // paid, rejected, queued
	IngredientCostCents int64    `json:"ingredient_cost_cents"`
	DispensingFeeCents  int64    `json:"dispensing_fee_cents"`
	PatientPayCents     int64    `json:"patient_pay_cents"`
	PlanPaidCents       int64    `json:"plan_paid_cents"`
	RejectCodes         []string `json:"reject_codes"`
	AdjudicatedAt       string   `json:"adjudicated_at"`
}

// Reject code 75: prior authorization required.
const RejectPriorAuthRequired = "75"

type ReversalResponse struct {
	ReversalReference string `json:"reversal_reference"`
	Status            string `json:"status"`
}

type PriorAuthRequest struct {
	MemberID       string   `json:"member_id"`
	BIN            string   `json:"bin"`
	PCN            string   `json:"pcn"`
	Group          string   `json:"group"`
	NDC            string   `json:"ndc"`
	PrescriberNPI  string   `json:"prescriber_npi"`
	DiagnosisCodes []string `json:"diagnosis_codes"`
	Justification  string   `json:"justification"`
	RejectedClaim  string   `json:"rejected_claim_reference,omitempty"`
}

type PriorAuthResponse struct {
	CaseID string `json:"case_id"`
	Status string `json:"status"`
}

type RemittanceSummary struct {
	BatchID     string `json:"batch_id"`
	PeriodStart string `json:"period_start"`
	PeriodEnd   string `json:"period_end"`
}

type Remittance struct {
	BatchID        string           `json:"batch_id"`
	PeriodStart    string           `json:"period_start"`
	PeriodEnd      string           `json:"period_end"`
	TotalPaidCents int64            `json:"total_paid_cents"`
	Lines          []RemittanceLine `json:"lines"`
}

type RemittanceLine struct {
	LineNo         int    `json:"line_no"`
	ClaimReference string `json:"claim_reference"`
	PaidCents      int64  `json:"paid_cents"`
	AdjustmentCode string `json:"adjustment_code"`
}

// ParseDate reads the PBM's yyyy-mm-dd dates.
func ParseDate(s string) (time.Time, error) { return time.Parse(time.DateOnly, s) }
