// Package lockerapi is a client for the smart-locker vendor's fleet API.
//
// Door commands accept an X-Request-Id header; the vendor drops a repeated
// command with the same request ID received within ten minutes and returns
// the original command. Access-code creation has no such mechanism: every
// call provisions a new PIN on the locker controller.
package lockerapi

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type Config struct {
	BaseURL       string
	APIToken      string
	SiteID        string
	WebhookSecret string
}

type Client struct {
	http    *retryablehttp.Client
	baseURL string
	token   string
	site    string
}

func New(httpClient *retryablehttp.Client, cfg Config) *Client {
	return &Client{http: httpClient, baseURL: strings.TrimRight(cfg.BaseURL, "/"), token: cfg.APIToken, site: cfg.SiteID}
}

type Error struct {
	Status int
	Code   string `json:"error"`
	Detail string `json:"detail"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("lockerapi: %d %s: %s", e.Status, e.Code, e.Detail)
}

// IsOffline reports whether the locker controller is unreachable from the
// vendor cloud.
func IsOffline(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == "controller_offline"
}

type OpenRequest struct {
	// RequestID is sent as X-Request-Id for deduplication.
	RequestID string `json:"-"`
	Reason    string `json:"reason"`
	Operator  string `json:"operator"`
	// HoldOpenSeconds keeps the latch released for loading bulky tools.
	HoldOpenSeconds int `json:"hold_open_seconds,omitempty"`
}

type Command struct {
	ID        string    `json:"id"`
	LockerID  string    `json:"locker_id"`
	Kind      string    `json:"kind"`
	State     string    `json:"state"`
	CreatedAt time.Time `json:"created_at"`
}

// OpenDoor asks the controller to release the door latch.
func (c *Client) OpenDoor(ctx context.Context, vendorLockerID string, req OpenRequest) (*Command, error) {
	var out Command
	path := fmt.Sprintf("/v3/sites/%s/lockers/%s/commands/open", url.PathEscape(c.site), url.PathEscape(vendorLockerID))
	hdr := http.Header{}
	if req.RequestID != "" {
		hdr.Set("X-Request-Id", req.RequestID)
	}
	if err := c.send(ctx, http.MethodPost, path, hdr, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

type AccessCodeRequest struct {
	ValidFrom  time.Time `json:"valid_from"`
	ValidUntil time.Time `json:"valid_until"`
	Label      string    `json:"label"`
	SingleUse  bool      `json:"single_use"`
}

type AccessCode struct {
	ID         string    `json:"id"`
	PIN        string    `json:"pin"`
	ValidUntil time.Time `json:"valid_until"`
}

// CreateAccessCode provisions a PIN on the locker keypad.
func (c *Client) CreateAccessCode(ctx context.Context, vendorLockerID string, req AccessCodeRequest) (*AccessCode, error) {
	var out AccessCode
	path := fmt.Sprintf("/v3/sites/%s/lockers/%s/access-codes", url.PathEscape(c.site), url.PathEscape(vendorLockerID))
	if err := c.send(ctx, http.MethodPost, path, nil, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// RevokeAccessCode deletes a PIN. Deleting an already-deleted code returns
// 404, which callers may ignore.
func (c *Client) RevokeAccessCode(ctx context.Context, vendorLockerID, codeID string) error {
	path := fmt.Sprintf("/v3/sites/%s/lockers/%s/access-codes/%s", url.PathEscape(c.site), url.PathEscape(vendorLockerID), url.PathEscape(codeID))
	err := c.send(ctx, http.MethodDelete, path, nil, nil, nil)
	var e *Error
	if errors.As(err, &e) && e.Status == http.StatusNotFound {
		return nil
	}
	return err
}

func (c *Client) send(ctx context.Context, method, path string, hdr http.Header, body, out any) error {
	var rdr io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rdr = bytes.NewReader(b)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
	if err != nil {
		return err
	}
	for k, vs := range hdr {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Authorization", "Token "+c.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("lockerapi: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		e := &Error{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, e)
		return e
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	return json.Unmarshal(raw, out)
}

// Event is a door / sensor event pushed by the vendor. The vendor retries a
// delivery until it gets a 2xx, reusing the event ID.
type Event struct {
	ID             string    `json:"event_id"`
	Type           string    `json:"type"`
	VendorLockerID string    `json:"locker_id"`
	AccessCodeID   string    `json:"access_code_id,omitempty"`
	DoorState      string    `json:"door_state"`
	Occupied       *bool     `json:"occupied,omitempty"`
	OccurredAt     time.Time `json:"occurred_at"`
}

const (
	EventDoorOpened     = "door.opened"
	EventDoorClosed     = "door.closed"
	EventCodeUsed       = "access_code.used"
	EventOccupancy      = "sensor.occupancy"
	EventControllerDown = "controller.offline"
)

// VerifySignature validates the X-Locker-Signature header (hex HMAC-SHA256
// of the raw body).
func VerifySignature(secret, header string, body []byte) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(strings.ToLower(header)))
}
