// Package crews talks to FleetCrew, the partner that runs our rebalancing
// vans. FleetCrew stores the Idempotency-Key of every POST for 72 hours and
// replays the original response for a repeated key.
package crews

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

type Direction string

const (
	DirectionDropOff Direction = "drop_off"
	DirectionPickUp  Direction = "pick_up"
)

type JobRequest struct {
	StationID   string    `json:"station_id"`
	Latitude    float64   `json:"lat"`
	Longitude   float64   `json:"lon"`
	Direction   Direction `json:"direction"`
	Bikes       int       `json:"bikes"`
	WindowStart time.Time `json:"window_start"`
	WindowEnd   time.Time `json:"window_end"`
	Reference   string    `json:"reference,omitempty"`
	Priority    string    `json:"priority,omitempty"`
}

type Job struct {
	ID     string    `json:"job_id"`
	Status string    `json:"status"`
	ETA    time.Time `json:"eta"`
}

// RequestOption adjusts a single partner request.
type RequestOption func(*http.Request)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *http.Request) {
		if key != "" {
			r.Header.Set("Idempotency-Key", key)
		}
	}
}

// Dispatcher is the interface the rebalancing service depends on.
type Dispatcher interface {
	CreateJob(ctx context.Context, req JobRequest, opts ...RequestOption) (*Job, error)
}

type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
}

type Client struct {
	cfg  Config
	http *http.Client
}

func NewClient(cfg Config, hc *http.Client) *Client {
	return &Client{cfg: cfg, http: hc}
}

type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("crews: partner returned %d: %s", e.Status, e.Body)
}

func (e *StatusError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

func (c *Client) CreateJob(ctx context.Context, jr JobRequest, opts ...RequestOption) (*Job, error) {
	var job Job
	if err := c.post(ctx, "/jobs", jr, &job, opts); err != nil {
		return nil, err
	}
	return &job, nil
}

func (c *Client) post(ctx context.Context, path string, in, out any, opts []RequestOption) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Api-Key", c.cfg.APIKey)
	for _, opt := range opts {
		opt(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("crews: %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return &StatusError{Status: resp.StatusCode, Body: string(raw)}
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

// Completion is the callback FleetCrew sends when a job is finished.
type Completion struct {
	JobID       string    `json:"job_id"`
	Reference   string    `json:"reference"`
	CrewID      string    `json:"crew_id"`
	BikesMoved  int       `json:"bikes_moved"`
	CompletedAt time.Time `json:"completed_at"`
}

// VerifySignature checks the X-FleetCrew-Signature header.
func (c *Client) VerifySignature(body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(c.cfg.WebhookSecret))
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(signature))
}

var _ Dispatcher = (*Client)(nil)
