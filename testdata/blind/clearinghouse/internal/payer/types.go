package payer

import "encoding/json"

// ClaimSubmission is the gateway's JSON rendering of an 837P.
type ClaimSubmission struct {
	PayerCode            string          `json:"payer_code"`
	SubmitterClaimID     string          `json:"submitter_claim_id"`
	PatientControlNumber string          `json:"patient_control_number"`
	FrequencyCode        string          `json:"frequency_code"`
	OriginalPayerRef     string          `json:"original_payer_ref,omitempty"`
	TotalChargeCents     int64           `json:"total_charge_cents"`
	ServiceDate          string          `json:"service_date"`
	Claim                json.RawMessage `json:"claim"`
	Lines                []ServiceLine   `json:"lines"`
}

// ServiceLine is one SV1.
type ServiceLine struct {
	LineNo        int      `json:"line_no"`
	ProcedureCode string   `json:"procedure_code"`
	Modifiers     []string `json:"modifiers,omitempty"`
	Units         int      `json:"units"`
	ChargeCents   int64    `json:"charge_cents"`
}

// SubmissionAck is the gateway's synchronous acceptance (999 + 277CA ref).
type SubmissionAck struct {
	PayerClaimRef string `json:"payer_claim_ref"`
	Status        string `json:"status"`
	ReceivedAt    string `json:"received_at"`
}

// VoidRequest voids a claim at the payer.
type VoidRequest struct {
	PayerCode     string `json:"payer_code"`
	PayerClaimRef string `json:"payer_claim_ref"`
	Reason        string `json:"reason"`
}

// VoidAck confirms a void.
type VoidAck struct {
	VoidRef string `json:"void_ref"`
	Status  string `json:"status"`
}

// AppealRequest files a reconsideration.
type AppealRequest struct {
	PayerCode      string   `json:"payer_code"`
	PayerClaimRef  string   `json:"payer_claim_ref"`
	PayerDenialRef string   `json:"payer_denial_ref"`
	Level          int      `json:"level"`
	Reason         string   `json:"reason"`
	DocumentURIs   []string `json:"document_uris,omitempty"`
	SubmitterRef   string   `json:"submitter_ref"`
}

// AppealAck is the payer's appeal receipt.
type AppealAck struct {
	PayerAppealRef string `json:"payer_appeal_ref"`
	DueBy          string `json:"due_by"`
}

// AttachmentRequest is a 275 transmission.
type AttachmentRequest struct {
	PayerCode           string `json:"payer_code"`
	PayerClaimRef       string `json:"payer_claim_ref"`
	AttachmentControlNo string `json:"attachment_control_no"`
	ReportTypeCode      string `json:"report_type_code"`
	DocumentURI         string `json:"document_uri"`
	ContentSHA256       string `json:"content_sha256"`
}

// AttachmentAck is the payer's receipt for a 275.
type AttachmentAck struct {
	AckRef string `json:"ack_ref"`
}

// EligibilityRequest is a 270.
type EligibilityRequest struct {
	PayerCode       string `json:"payer_code"`
	ProviderNPI     string `json:"provider_npi"`
	MemberID        string `json:"member_id"`
	PatientName     string `json:"patient_name"`
	ServiceTypeCode string `json:"service_type_code"`
	TraceNumber     string `json:"trace_number"`
}

// EligibilityResponse is a parsed 271.
type EligibilityResponse struct {
	TraceNumber              string          `json:"trace_number"`
	Active                   bool            `json:"active"`
	CopayCents               *int64          `json:"copay_cents"`
	DeductibleRemainingCents *int64          `json:"deductible_remaining_cents"`
	Pending                  bool            `json:"pending"`
	Raw                      json.RawMessage `json:"raw"`
}
