// Package recorder submits documents to county recorders through the
// state e-recording hub.
package recorder

import (
	"context"
	"net/http"

	"github.com/cobaltmesa/titleworks/internal/platform/jsonapi"
)

// Document is one instrument in a submission.
type Document struct {
	DocType     string `json:"doc_type"` // deed, deed_of_trust, reconveyance
	PDFURL      string `json:"pdf_url"`
	PageCount   int    `json:"page_count"`
	FeeCents    int64  `json:"fee_cents"`
	GrantorName string `json:"grantor"`
	GranteeName string `json:"grantee"`
}

// Submission is a package for one county. The hub rejects a second
// submission with a SubmitterRef it has already accepted and returns the
// existing submission id in the body of the 409.
type Submission struct {
	SubmitterRef string     `json:"submitter_ref"`
	CountyFIPS   string     `json:"county_fips"`
	Documents    []Document `json:"documents"`
}

// Receipt acknowledges a submission.
type Receipt struct {
	SubmissionID string `json:"submission_id"`
	Status       string `json:"status"`
}

// Client is the hub client.
type Client struct {
	api *jsonapi.Client
}

// New returns a hub client.
func New(baseURL, token string) *Client {
	return &Client{api: jsonapi.New(baseURL, jsonapi.BearerToken(token))}
}

// Submit sends a package for recording.
func (c *Client) Submit(ctx context.Context, s Submission) (*Receipt, error) {
	var out Receipt
	if err := c.api.Do(ctx, http.MethodPost, "/v1/submissions", nil, s, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
