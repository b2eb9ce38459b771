// Package clearinghouse is the client for ClaimBridge, the EDI clearing
// house that turns our claim documents into X12 837D for dental payers and
// sends back 277CA acknowledgements and 835 remittances.
//
// Claim submission is deduplicated on submitter_claim_ref (our patient
// control number): a repeat within 90 days returns the original claim with
// duplicate=true. The attachments endpoint has no such reference; each
// upload creates a new attachment control number that is forwarded to the
// payer.
package clearinghouse

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/brightsmile-dental/practiceops/internal/platform/httpclient"
)

// Party is a patient or subscriber on a claim.
type Party struct {
	MemberID     string `json:"member_id,omitempty"`
	GroupNumber  string `json:"group_number,omitempty"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	DateOfBirth  string `json:"date_of_birth"`
	Relationship string `json:"relationship,omitempty"`
}

// ServiceLine is one CDT procedure.
type ServiceLine struct {
	CDTCode     string `json:"procedure_code"`
	Tooth       string `json:"tooth,omitempty"`
	Surfaces    string `json:"surfaces,omitempty"`
	FeeCents    int64  `json:"fee_cents"`
	ServiceDate string `json:"service_date"`
}

// ClaimRequest is a dental claim ready for the payer.
type ClaimRequest struct {
	SubmitterClaimRef    string        `json:"submitter_claim_ref"`
	SubmitterID          string        `json:"submitter_id"`
	PayerID              string        `json:"payer_id"`
	BillingProviderNPI   string        `json:"billing_npi"`
	RenderingProviderNPI string        `json:"rendering_npi"`
	Patient              Party         `json:"patient"`
	Subscriber           Party         `json:"subscriber"`
	PayerSequence        string        `json:"payer_sequence"`
	Lines                []ServiceLine `json:"lines"`
	TotalCents           int64         `json:"total_cents"`
	AttachmentIDs        []string      `json:"attachment_ids,omitempty"`
}

// ClaimReceipt is returned when a claim is accepted for processing.
type ClaimReceipt struct {
	ClaimID   string `json:"claim_id"`
	BatchID   string `json:"batch_id"`
	Duplicate bool   `json:"duplicate"`
}

// Acknowledgement is the payer-level 277CA outcome.
type Acknowledgement struct {
	ControlNumber string    `json:"control_number"`
	Status        string    `json:"status"`
	Reasons       []string  `json:"reasons"`
	ReceivedAt    time.Time `json:"received_at"`
}

// AttachmentRequest uploads a supporting image.
type AttachmentRequest struct {
	PayerID       string `json:"payer_id"`
	DocumentType  string `json:"document_type"`
	FileName      string `json:"file_name"`
	ContentBase64 string `json:"content"`
	PatientName   string `json:"patient_name"`
	ServiceDate   string `json:"service_date"`
}

// AttachmentReceipt carries the control number the claim must reference.
type AttachmentReceipt struct {
	AttachmentID string `json:"attachment_id"`
}

// Client is the ClaimBridge API.
type Client interface {
	SubmitClaim(ctx context.Context, req ClaimRequest) (ClaimReceipt, error)
	GetAcknowledgement(ctx context.Context, claimID string) (*Acknowledgement, error)
	UploadAttachment(ctx context.Context, req AttachmentRequest) (AttachmentReceipt, error)
}

type client struct {
	http *httpclient.Client
}

// New returns a ClaimBridge client.
func New(baseURL, token string, opts ...httpclient.Option) Client {
	opts = append([]httpclient.Option{httpclient.WithBearer(token)}, opts...)
	return &client{http: httpclient.New(baseURL, opts...)}
}

func (c *client) SubmitClaim(ctx context.Context, req ClaimRequest) (ClaimReceipt, error) {
	var out ClaimReceipt
	if err := c.http.Do(ctx, http.MethodPost, "/v2/dental/claims", nil, req, &out); err != nil {
		return ClaimReceipt{}, fmt.Errorf("claimbridge submit %s: %w", req.SubmitterClaimRef, err)
	}
	return out, nil
}

type ackEnvelope struct {
	Pending bool             `json:"pending"`
	Ack     *Acknowledgement `json:"acknowledgement"`
}

// GetAcknowledgement returns nil while the payer has not answered.
func (c *client) GetAcknowledgement(ctx context.Context, claimID string) (*Acknowledgement, error) {
	var out ackEnvelope
	path := "/v2/dental/claims/" + url.PathEscape(claimID) + "/acknowledgement"
	if err := c.http.Do(ctx, http.MethodGet, path, nil, nil, &out); err != nil {
		return nil, fmt.Errorf("claimbridge ack %s: %w", claimID, err)
	}
	if out.Pending {
		return nil, nil
	}
	return out.Ack, nil
}

func (c *client) UploadAttachment(ctx context.Context, req AttachmentRequest) (AttachmentReceipt, error) {
	var out AttachmentReceipt
	if err := c.http.Do(ctx, http.MethodPost, "/v2/attachments", nil, req, &out); err != nil {
		return AttachmentReceipt{}, fmt.Errorf("claimbridge attachment %s: %w", req.FileName, err)
	}
	return out, nil
}
