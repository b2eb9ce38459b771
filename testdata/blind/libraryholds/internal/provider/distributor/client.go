package distributor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	retry "github.com/avast/retry-go/v4"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

// API is the interface the e-book service depends on.
type API interface {
	Checkout(ctx context.Context, req CheckoutRequest) (Checkout, error)
	Renew(ctx context.Context, req RenewRequest) (Renewal, error)
	PlaceHold(ctx context.Context, req HoldRequest) (Hold, error)
}

// Options configures the HTTP client.
type Options struct {
	BaseURL   string
	APIKey    string
	LibraryID string
	Timeout   time.Duration
	Attempts  uint
	// OnAttempt, if set, is called after every HTTP attempt.
	OnAttempt func(ctx context.Context, call domain.PartnerCall)
	// NewID names attempt records handed to OnAttempt.
	NewID func() string
	Now   func() time.Time
}

// Client talks to the partner API over HTTPS with bounded retries.
type Client struct {
	opts Options
	http *http.Client
}

// New returns a partner API client.
func New(opts Options) *Client {
	if opts.Timeout == 0 {
		opts.Timeout = 10 * time.Second
	}
	if opts.Attempts == 0 {
		opts.Attempts = 4
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Client{opts: opts, http: &http.Client{Timeout: opts.Timeout}}
}

func (c *Client) path(suffix string) string {
	return c.opts.BaseURL + "/libraries/" + url.PathEscape(c.opts.LibraryID) + suffix
}

// Checkout lends a title. ClientReference makes a repeated call safe.
func (c *Client) Checkout(ctx context.Context, req CheckoutRequest) (Checkout, error) {
	var out Checkout
	err := c.call(ctx, call{
		op: "checkout", ref: req.ClientReference,
		method: http.MethodPost, url: c.path("/checkouts"), body: req,
	}, &out)
	var apiErr *APIError
	if errors.As(err, &apiErr) && apiErr.Code == "no_copies_available" {
		return out, ErrNoCopies
	}
	return out, err
}

// Renew extends a checkout.
func (c *Client) Renew(ctx context.Context, req RenewRequest) (Renewal, error) {
	var out Renewal
	headers := http.Header{}
	if req.IdempotencyKey != "" {
		headers.Set("Idempotency-Key", req.IdempotencyKey)
	}
	err := c.call(ctx, call{
		op: "renew", ref: req.CheckoutID,
		method: http.MethodPost, url: c.path("/checkouts/" + url.PathEscape(req.CheckoutID) + "/renewals"),
		headers: headers,
	}, &out)
	return out, err
}

// PlaceHold joins the wait list for a title.
func (c *Client) PlaceHold(ctx context.Context, req HoldRequest) (Hold, error) {
	var out Hold
	err := c.call(ctx, call{
		op: "place_hold", ref: req.TitleID,
		method: http.MethodPost, url: c.path("/holds"), body: req,
	}, &out)
	return out, err
}

type call struct {
	op, ref, method, url string
	headers              http.Header
	body                 any
}

// call runs one logical request, retrying transport errors and temporary
// API errors with jittered backoff.
func (c *Client) call(ctx context.Context, cl call, out any) error {
	var payload []byte
	if cl.body != nil {
		b, err := json.Marshal(cl.body)
		if err != nil {
			return fmt.Errorf("distributor: encode %s: %w", cl.op, err)
		}
		payload = b
	}

	attempt := 0
	return retry.Do(
		func() error {
			attempt++
			status, err := c.once(ctx, cl, payload, out)
			c.observe(ctx, cl, attempt, status, err)
			return err
		},
		retry.Context(ctx),
		retry.Attempts(c.opts.Attempts),
		retry.Delay(200*time.Millisecond),
		retry.MaxDelay(3*time.Second),
		retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)),
		retry.MaxJitter(250*time.Millisecond),
		retry.LastErrorOnly(true),
		retry.RetryIf(retryable),
	)
}

func (c *Client) once(ctx context.Context, cl call, payload []byte, out any) (int, error) {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, cl.method, cl.url, body)
	if err != nil {
		return 0, retry.Unrecoverable(err)
	}
	for k, vs := range cl.headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Authorization", "Bearer "+c.opts.APIKey)
	req.Header.Set("Accept", "application/json")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return resp.StatusCode, apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, retry.Unrecoverable(fmt.Errorf("distributor: decode %s: %w", cl.op, err))
		}
	}
	return resp.StatusCode, nil
}

func retryable(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Temporary()
	}
	return !errors.Is(err, context.Canceled)
}

func (c *Client) observe(ctx context.Context, cl call, attempt, status int, err error) {
	if c.opts.OnAttempt == nil {
		return
	}
	rec := domain.PartnerCall{
		Operation:  cl.op,
		Ref:        cl.ref,
		Attempt:    attempt,
		StatusCode: status,
		CalledAt:   c.opts.Now(),
	}
	if c.opts.NewID != nil {
		rec.ID = c.opts.NewID()
	}
	if err != nil {
		rec.Error = err.Error()
	}
	c.opts.OnAttempt(ctx, rec)
}
