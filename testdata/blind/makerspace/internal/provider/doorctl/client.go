// Package doorctl is the client for the door-access controller vendor's API.
//
// Per the vendor's documentation, POST endpoints that change access (grants,
// revocations, access windows) honour an Idempotency-Key header for 48 hours.
// PUT endpoints set absolute state and need no key. Guest passes are minted by
// a legacy endpoint that has no deduplication.
package doorctl

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/kerfhall/makerspace/internal/platform/retryx"
)

// Config holds the vendor credentials.
type Config struct {
	BaseURL       string
	SiteID        string
	APIToken      string
	WebhookSecret string
}

// Client talks to the door vendor.
type Client struct {
	base          string
	site          string
	token         string
	webhookSecret []byte
	http          *http.Client
}

// New returns a Client.
func New(cfg Config) *Client {
	return &Client{
		base:          cfg.BaseURL,
		site:          cfg.SiteID,
		token:         cfg.APIToken,
		webhookSecret: []byte(cfg.WebhookSecret),
		http:          &http.Client{Timeout: 15 * time.Second},
	}
}

type callOptions struct {
	idempotencyKey string
}

// CallOption customises one call.
type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header on a mutating call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// Change is the vendor's record of an access change.
type Change struct {
	ID        string    `json:"id"`
	MemberRef string    `json:"member_ref"`
	Zone      string    `json:"zone"`
	Kind      string    `json:"kind"`
	State     string    `json:"state"`
	CreatedAt time.Time `json:"created_at"`
}

// GrantRequest gives a member access to a zone.
type GrantRequest struct {
	MemberRef string `json:"-"`
	Zone      string `json:"zone"`
	Reason    string `json:"reason,omitempty"`
}

// RevokeRequest removes a member's access to a zone.
type RevokeRequest struct {
	MemberRef string `json:"-"`
	Zone      string `json:"zone"`
	Reason    string `json:"reason,omitempty"`
}

// WindowRequest opens a zone for a member between two instants.
type WindowRequest struct {
	MemberRef string    `json:"member_ref"`
	Zone      string    `json:"zone"`
	OpensAt   time.Time `json:"opens_at"`
	ClosesAt  time.Time `json:"closes_at"`
	Label     string    `json:"label,omitempty"`
}

// Window is a scheduled access window.
type Window struct {
	ID       string    `json:"id"`
	Zone     string    `json:"zone"`
	OpensAt  time.Time `json:"opens_at"`
	ClosesAt time.Time `json:"closes_at"`
}

// GuestPassRequest mints a PIN for a guest of a member.
type GuestPassRequest struct {
	HostMemberRef string    `json:"host_member_ref"`
	GuestName     string    `json:"guest_name"`
	ValidFrom     time.Time `json:"valid_from"`
	ValidUntil    time.Time `json:"valid_until"`
	Zones         []string  `json:"zones"`
}

// GuestPass is a minted guest PIN.
type GuestPass struct {
	ID  string `json:"id"`
	PIN string `json:"pin"`
}

// Credential is one entry in the vendor's credential list.
type Credential struct {
	ID        string    `json:"id"`
	MemberRef string    `json:"member_ref"`
	Kind      string    `json:"kind"`
	Status    string    `json:"status"`
	UpdatedAt time.Time `json:"updated_at"`
}

// CredentialPage is a page of credentials.
type CredentialPage struct {
	Items      []Credential `json:"items"`
	NextCursor string       `json:"next_cursor"`
}

// Grant gives access to a zone.
func (c *Client) Grant(ctx context.Context, req GrantRequest, opts ...CallOption) (*Change, error) {
	var out Change
	path := fmt.Sprintf("/v2/sites/%s/members/%s/grants", c.site, url.PathEscape(req.MemberRef))
	if err := c.send(ctx, http.MethodPost, path, req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// Revoke removes access to a zone.
func (c *Client) Revoke(ctx context.Context, req RevokeRequest, opts ...CallOption) (*Change, error) {
	var out Change
	path := fmt.Sprintf("/v2/sites/%s/members/%s/revocations", c.site, url.PathEscape(req.MemberRef))
	if err := c.send(ctx, http.MethodPost, path, req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateAccessWindow schedules a time-boxed opening of a zone.
func (c *Client) CreateAccessWindow(ctx context.Context, req WindowRequest, opts ...CallOption) (*Window, error) {
	var out Window
	path := fmt.Sprintf("/v2/sites/%s/access-windows", c.site)
	if err := c.send(ctx, http.MethodPost, path, req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// SetMemberStatus sets the member's status (active, suspended) at the vendor.
func (c *Client) SetMemberStatus(ctx context.Context, memberRef, status string) error {
	path := fmt.Sprintf("/v2/sites/%s/members/%s/status", c.site, url.PathEscape(memberRef))
	return c.send(ctx, http.MethodPut, path, map[string]string{"status": status}, nil, nil)
}

// IssueGuestPass mints a guest PIN.
func (c *Client) IssueGuestPass(ctx context.Context, req GuestPassRequest) (*GuestPass, error) {
	var out GuestPass
	path := fmt.Sprintf("/v1/sites/%s/guest-passes", c.site)
	if err := c.send(ctx, http.MethodPost, path, req, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// ListCredentials pages through every credential on the site.
func (c *Client) ListCredentials(ctx context.Context, cursor string) (*CredentialPage, error) {
	var out CredentialPage
	path := fmt.Sprintf("/v2/sites/%s/credentials?limit=200", c.site)
	if cursor != "" {
		path += "&cursor=" + url.QueryEscape(cursor)
	}
	if err := c.send(ctx, http.MethodGet, path, nil, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// Error is a non-2xx answer from the vendor.
type Error struct {
	Status int
	Body   string
}

func (e *Error) Error() string { return fmt.Sprintf("doorctl: HTTP %d: %s", e.Status, e.Body) }

// Retryable reports whether the vendor asked us to try again later.
func (e *Error) Retryable() bool { return e.Status == http.StatusTooManyRequests || e.Status >= 500 }

func (c *Client) send(ctx context.Context, method, path string, body, out any, opts []CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return err
		}
	}
	return retryx.Do(ctx, retryx.ProviderDefault, "doorctl "+method+" "+path, func() error {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(payload))
		if err != nil {
			return retryx.Permanent(err)
		}
		req.Header.Set("Authorization", "Token "+c.token)
		req.Header.Set("Accept", "application/json")
		if payload != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if o.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", o.idempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode >= 300 {
			vErr := &Error{Status: resp.StatusCode, Body: string(raw)}
			if vErr.Retryable() {
				return vErr
			}
			return retryx.Permanent(vErr)
		}
		if out == nil || len(raw) == 0 {
			return nil
		}
		return retryx.Permanent(json.Unmarshal(raw, out))
	})
}

// MemberRef is the external reference under which a member is known to the vendor.
func MemberRef(memberID string) string { return "kh-" + memberID }
