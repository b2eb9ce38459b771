// Package icecare talks to IceCare Services, the contractor that services
// our ice resurfacers.
package icecare

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/frostline-arena/rinkops/internal/platform"
)

type Client struct {
	api       *platform.JSONClient
	accountID string
}

func New(cfg platform.IceCareConfig) *Client {
	return &Client{
		api:       platform.NewJSONClient(cfg.BaseURL, 20*time.Second, platform.BearerAuth(cfg.Token)),
		accountID: cfg.AccountID,
	}
}

// JobRequest opens a service job.
//
// IceCare treats ExternalRef as the client's reference for the job: a second
// create with the same (account, external_ref) within 30 days returns the
// existing job instead of opening another.
type JobRequest struct {
	AccountID   string `json:"account_id"`
	ExternalRef string `json:"external_ref,omitempty"`
	UnitID      string `json:"unit_id"`
	UnitModel   string `json:"unit_model"`
	Site        string `json:"site"`
	Summary     string `json:"summary"`
	Priority    string `json:"priority"`
}

type Job struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

func (c *Client) CreateJob(ctx context.Context, req JobRequest) (*Job, error) {
	if req.AccountID == "" {
		req.AccountID = c.accountID
	}
	var out Job
	if err := c.api.Do(ctx, http.MethodPost, "/v3/jobs", req, &out, nil); err != nil {
		return nil, fmt.Errorf("icecare create job: %w", err)
	}
	return &out, nil
}

const SignatureHeader = "X-IceCare-Signature"

// Event is posted to /webhooks/icecare. IceCare redelivers until it gets a
// 2xx, with the same event ID.
type Event struct {
	ID         string    `json:"event_id"`
	Type       string    `json:"type"`
	JobID      string    `json:"job_id"`
	Status     string    `json:"status"`
	Technician string    `json:"technician"`
	Notes      string    `json:"notes"`
	OccurredAt time.Time `json:"occurred_at"`
}

func ParseEvent(secret, signature string, body []byte) (*Event, error) {
	if err := platform.VerifyHMAC(secret, signature, body, 10*time.Minute); err != nil {
		return nil, err
	}
	var evt Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return nil, fmt.Errorf("decode icecare event: %w", err)
	}
	return &evt, nil
}
