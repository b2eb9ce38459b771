// Package printshop is the client for Inkwell Print Co., the partner print
// shop that produces attendee badges and sponsor signage and ships them to
// the venue or to attendees.
//
// Inkwell de-duplicates jobs on the client_reference body field: submitting
// a job whose client_reference it already holds returns the existing job
// with 200 instead of creating a new one. Jobs without a reference are always
// created.
package printshop

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"time"

	"github.com/halcyonevents/confreg/internal/providers/httpx"
)

// Config configures the client.
type Config struct {
	BaseURL string
	Token   string
	Timeout time.Duration
}

// Client calls the Inkwell jobs API.
type Client struct {
	http *httpx.Client
}

// New returns a Client.
func New(cfg Config) *Client {
	return &Client{http: &httpx.Client{
		BaseURL:     cfg.BaseURL,
		HTTP:        &http.Client{Timeout: cfg.Timeout},
		Auth:        httpx.BearerAuth(cfg.Token),
		MaxAttempts: 3,
		Backoff:     time.Second,
	}}
}

// Address is a delivery address.
type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// Artwork is the variable content merged into a product template.
type Artwork struct {
	Template string            `json:"template"`
	Fields   map[string]string `json:"fields"`
}

// JobRequest submits a print job.
type JobRequest struct {
	ClientReference string   `json:"client_reference,omitempty"`
	Product         string   `json:"product"`
	Quantity        int      `json:"quantity"`
	Artwork         Artwork  `json:"artwork"`
	ShipTo          *Address `json:"ship_to,omitempty"`
	Priority        string   `json:"priority,omitempty"`
}

// Job is Inkwell's view of a print job.
type Job struct {
	ID              string `json:"id"`
	ClientReference string `json:"client_reference"`
	Status          string `json:"status"`
}

// SubmitJob creates (or, for a known client_reference, returns) a job.
// Transport retries are only used when a reference is set.
func (c *Client) SubmitJob(ctx context.Context, req JobRequest) (*Job, error) {
	var out Job
	err := c.http.Do(ctx, httpx.Request{
		Method: http.MethodPost,
		Path:   "/api/v1/jobs",
		Body:   req,
		Retry:  req.ClientReference != "",
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Callback is what Inkwell posts to us when a job changes state. Inkwell
// re-posts until it gets a 2xx.
type Callback struct {
	JobID           string    `json:"job_id"`
	ClientReference string    `json:"client_reference"`
	Event           string    `json:"event"` // printed, shipped
	Carrier         string    `json:"carrier,omitempty"`
	TrackingNumber  string    `json:"tracking_number,omitempty"`
	OccurredAt      time.Time `json:"occurred_at"`
}

// ErrBadSignature is returned by VerifyCallback.
var ErrBadSignature = errors.New("printshop: bad callback signature")

// VerifyCallback checks the X-Inkwell-Signature header.
func VerifyCallback(secret string, body []byte, signature string) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(signature)) {
		return ErrBadSignature
	}
	return nil
}
