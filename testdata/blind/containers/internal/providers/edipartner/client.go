// Package edipartner is the client of the EDI gateway that forwards
// messages to shipping lines' systems.
package edipartner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/quaymark/terminal-ops/internal/config"
)

// Interchange is one EDIFACT-style message handed to the gateway.
//
// The gateway drops a submission whose InterchangeRef it has accepted in the
// last 72 hours and answers with the original acknowledgement.
type Interchange struct {
	MessageType    string          `json:"message_type"`
	Sender         string          `json:"sender"`
	Recipient      string          `json:"recipient"`
	InterchangeRef string          `json:"interchange_ref,omitempty"`
	Payload        json.RawMessage `json:"payload"`
}

// Ack is the gateway's acceptance.
type Ack struct {
	PartnerRef string `json:"partner_ref"`
	AcceptedAt string `json:"accepted_at"`
}

// VesselProfile is the gateway's reference data for a vessel.
type VesselProfile struct {
	IMO      string `json:"imo"`
	Name     string `json:"name"`
	Operator string `json:"operator"`
	LOA      int    `json:"loa_m"`
}

// StatusError carries a non-2xx response.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("edi gateway: status %d: %s", e.Code, e.Body)
}

// Client talks to the gateway. Transient failures are retried in-process.
type Client struct {
	base     string
	token    string
	sender   string
	http     *http.Client
	attempts uint
}

// New builds a Client.
func New(cfg *config.Config) *Client {
	return &Client{
		base:     cfg.EDIPartnerURL,
		token:    cfg.EDIPartnerToken,
		sender:   cfg.EDISenderID,
		http:     &http.Client{Timeout: 15 * time.Second},
		attempts: 4,
	}
}

// SenderID is the terminal's EDI party id.
func (c *Client) SenderID() string { return c.sender }

// Submit posts an interchange, retrying on transport errors and 5xx.
func (c *Client) Submit(ctx context.Context, in Interchange) (*Ack, int, error) {
	if in.Sender == "" {
		in.Sender = c.sender
	}
	body, err := json.Marshal(in)
	if err != nil {
		return nil, 0, err
	}
	var lastStatus int
	ack, err := retry.DoWithData(func() (*Ack, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v2/interchanges", bytes.NewReader(body))
		if err != nil {
			return nil, retry.Unrecoverable(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		var ack Ack
		lastStatus, err = c.do(req, &ack)
		if err != nil {
			return nil, err
		}
		return &ack, nil
	},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(500*time.Millisecond),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
		retry.RetryIf(retryable),
	)
	return ack, lastStatus, err
}

// VesselProfile looks a vessel up by IMO number.
func (c *Client) VesselProfile(ctx context.Context, imo string) (*VesselProfile, error) {
	return retry.DoWithData(func() (*VesselProfile, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/v2/vessels/"+imo, nil)
		if err != nil {
			return nil, retry.Unrecoverable(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		var vp VesselProfile
		if _, err := c.do(req, &vp); err != nil {
			return nil, err
		}
		return &vp, nil
	},
		retry.Context(ctx),
		retry.Attempts(3),
		retry.Delay(200*time.Millisecond),
		retry.LastErrorOnly(true),
		retry.RetryIf(retryable),
	)
}

func (c *Client) do(req *http.Request, out any) (int, error) {
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		return resp.StatusCode, &StatusError{Code: resp.StatusCode, Body: string(raw)}
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, retry.Unrecoverable(fmt.Errorf("decode gateway response: %w", err))
		}
	}
	return resp.StatusCode, nil
}

func retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Code >= 500 || se.Code == http.StatusTooManyRequests
	}
	return true
}

// IsPermanent reports whether the gateway refused the message for good.
func IsPermanent(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && se.Code >= 400 && se.Code < 500 && se.Code != http.StatusTooManyRequests
}
