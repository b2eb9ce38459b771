// Package locksmith is the client for the campus locksmith partner that
// re-cores room locks between residents. Their booking API is a plain
// POST /jobs with no deduplication: each call books a visit and is billed.
package locksmith

import (
	"context"
	"net/http"
	"time"

	"github.com/quadhall/housing/internal/httpclient"
)

// Config holds partner credentials.
type Config struct {
	BaseURL string
	APIKey  string
}

// Client is the locksmith partner API client.
type Client struct {
	cfg  Config
	http *http.Client
}

// New returns a Client.
func New(cfg Config, hc *http.Client) *Client { return &Client{cfg: cfg, http: hc} }

// JobRequest books a re-key visit.
type JobRequest struct {
	Building    string    `json:"building"`
	Room        string    `json:"room"`
	Reason      string    `json:"reason"`
	NotBefore   time.Time `json:"not_before"`
	ContactNote string    `json:"contact_note,omitempty"`
}

// Job is the booked visit.
type Job struct {
	ID     string `json:"job_id"`
	Status string `json:"status"`
}

// BookRekey books a lock re-core for a room.
func (c *Client) BookRekey(ctx context.Context, req JobRequest) (*Job, error) {
	h := http.Header{}
	h.Set("Authorization", "Token "+c.cfg.APIKey)
	var out Job
	if err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Provider: "locksmith",
		Method:   http.MethodPost,
		URL:      c.cfg.BaseURL + "/jobs",
		Header:   h,
		Body:     req,
	}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
