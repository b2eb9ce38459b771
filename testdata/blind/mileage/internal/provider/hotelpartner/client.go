// Package hotelpartner is a client for the hotel group's loyalty points
// gateway, used to convert airline miles into hotel points.
//
// Every posting carries a transactionReference. The gateway keeps references
// for 30 days; a posting with a reference it has seen returns the original
// posting (HTTP 200 with duplicate=true) and moves no points.
package hotelpartner

import (
	"context"
	"net/http"

	"github.com/northwind-air/mileage/internal/provider/httpx"
)

// Client calls the partner gateway.
type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

// New returns a Client.
func New(baseURL, apiKey string, hc *http.Client) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, http: hc}
}

// PointsPosting credits or debits a partner member's points.
type PointsPosting struct {
	ProgramCode          string `json:"programCode"`
	PartnerMemberID      string `json:"memberId"`
	Points               int64  `json:"points"`
	TransactionReference string `json:"transactionReference,omitempty"`
	OriginalReference    string `json:"originalTransactionReference,omitempty"`
	Description          string `json:"description"`
}

// PostingResult is the gateway's answer to a posting.
type PostingResult struct {
	PostingID string `json:"postingId"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// Credit adds points to a partner account.
func (c *Client) Credit(ctx context.Context, p PointsPosting) (PostingResult, error) {
	return c.post(ctx, "/v1/points/credits", p)
}

// Reverse takes back points credited earlier.
func (c *Client) Reverse(ctx context.Context, p PointsPosting) (PostingResult, error) {
	return c.post(ctx, "/v1/points/reversals", p)
}

func (c *Client) post(ctx context.Context, path string, p PointsPosting) (PostingResult, error) {
	var out PostingResult
	err := httpx.Do(ctx, c.http, httpx.Call{
		Method:  http.MethodPost,
		URL:     c.baseURL + path,
		Headers: c.auth(),
		In:      p,
		Out:     &out,
	})
	return out, err
}

func (c *Client) auth() http.Header {
	h := http.Header{}
	h.Set("X-Api-Key", c.apiKey)
	return h
}
