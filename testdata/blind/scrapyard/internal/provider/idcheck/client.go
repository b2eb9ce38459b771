// Package idcheck is the client for Veridoc, the identity-document
// verification service the scale house runs before a seller can be paid.
//
// Veridoc bills per check. POST /v2/checks accepts a client_reference; a
// second request with a client_reference seen in the last 72 hours returns
// the original check (HTTP 200 instead of 201) rather than running and
// billing a new one.
package idcheck

import (
	"context"
	"net/http"

	"github.com/ironbridge-metals/yardops/internal/provider/httpjson"
)

type Client struct {
	http *httpjson.Client
}

func New(baseURL, apiKey string, opts ...httpjson.Option) *Client {
	opts = append([]httpjson.Option{httpjson.WithAuth(httpjson.HeaderKey("X-Veridoc-Key", apiKey))}, opts...)
	return &Client{http: httpjson.New("veridoc", baseURL, opts...)}
}

type CheckRequest struct {
	ClientReference string `json:"client_reference,omitempty"`
	DocumentType    string `json:"document_type"`
	IssuingRegion   string `json:"issuing_region,omitempty"`
	DocumentNumber  string `json:"document_number"`
	FirstName       string `json:"first_name"`
	LastName        string `json:"last_name"`
	ExpiresOn       string `json:"expires_on"`
	FrontImageRef   string `json:"front_image_ref"`
	BackImageRef    string `json:"back_image_ref,omitempty"`
}

// Check outcomes.
const (
	OutcomeClear  = "clear"
	OutcomeReview = "review"
	OutcomeFail   = "fail"
)

type Check struct {
	ID      string   `json:"id"`
	Outcome string   `json:"outcome"`
	Reasons []string `json:"reasons"`
}

// RunCheck submits a document for verification and waits for the synchronous
// result (Veridoc answers within a few seconds for US documents).
func (c *Client) RunCheck(ctx context.Context, req CheckRequest) (Check, error) {
	var out Check
	_, err := c.http.Do(ctx, http.MethodPost, "/v2/checks", nil, req, &out)
	return out, err
}
