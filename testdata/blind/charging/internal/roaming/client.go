package roaming

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// HTTPDoer is satisfied by *http.Client.
type HTTPDoer interface {
	Do(*http.Request) (*http.Response, error)
}

// StatusError is returned for non-2xx responses or OCPI error envelopes.
type StatusError struct {
	HTTPStatus int
	OCPIStatus int
	Message    string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("partner responded http=%d ocpi=%d: %s", e.HTTPStatus, e.OCPIStatus, e.Message)
}

// Temporary reports whether the failure is worth retrying.
func (e *StatusError) Temporary() bool {
	return e.HTTPStatus == http.StatusTooManyRequests || e.HTTPStatus >= 500 || e.OCPIStatus == 3001
}

// IsTemporary reports whether err is a transient partner failure.
func IsTemporary(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Temporary()
	}
	var ne interface{ Timeout() bool }
	return errors.As(err, &ne) && ne.Timeout()
}

// Client talks to roaming partners.
type Client struct {
	http HTTPDoer
}

// NewClient builds a partner client.
func NewClient(doer HTTPDoer) *Client {
	if doer == nil {
		doer = &http.Client{Timeout: 10 * time.Second}
	}
	return &Client{http: doer}
}

// Do sends the built request and decodes the envelope's data into out.
func Do[T any](ctx context.Context, c *Client, p Partner, rb *RequestBuilder) (T, error) {
	var zero T
	req, err := rb.Build(ctx, p)
	if err != nil {
		return zero, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return zero, fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return zero, fmt.Errorf("read partner response: %w", err)
	}
	var env Envelope[T]
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &env); err != nil && resp.StatusCode < 300 {
			return zero, fmt.Errorf("decode partner response: %w", err)
		}
	}
	if resp.StatusCode >= 300 || (env.StatusCode != 0 && env.StatusCode >= 2000) {
		return zero, &StatusError{HTTPStatus: resp.StatusCode, OCPIStatus: env.StatusCode, Message: env.StatusMessage}
	}
	return env.Data, nil
}

// StartSession sends START_SESSION to a CPO. Callers should set an
// idempotency key on the builder when the command may be re-sent.
func (c *Client) StartSession(ctx context.Context, p Partner, cmd StartSessionCommand, opts ...func(*RequestBuilder)) (CommandResponse, error) {
	rb := NewRequest(http.MethodPost, "/commands/START_SESSION").JSON(cmd)
	for _, o := range opts {
		o(rb)
	}
	return Do[CommandResponse](ctx, c, p, rb)
}

// PushCDR delivers a CDR to the partner's eMSP CDR endpoint. The partner
// keys CDRs on (country_code, party_id, id); a repeated id is accepted and
// ignored.
func (c *Client) PushCDR(ctx context.Context, p Partner, cdr CDR) error {
	rb := NewRequest(http.MethodPost, "/cdrs").JSON(cdr).Correlation(cdr.SessionID)
	_, err := Do[json.RawMessage](ctx, c, p, rb)
	return err
}

// ListCDRs pages through CDRs the partner holds for our tokens.
func (c *Client) ListCDRs(ctx context.Context, p Partner, from, to time.Time, offset, limit int) ([]CDR, error) {
	rb := NewRequest(http.MethodGet, "/cdrs").
		Query("date_from", from.UTC().Format(time.RFC3339)).
		Query("date_to", to.UTC().Format(time.RFC3339)).
		Query("offset", strconv.Itoa(offset)).
		Query("limit", strconv.Itoa(limit))
	return Do[[]CDR](ctx, c, p, rb)
}

// WithIdempotencyKey is an option for StartSession.
func WithIdempotencyKey(k string) func(*RequestBuilder) {
	return func(rb *RequestBuilder) { rb.IdempotencyKey(k) }
}

// WithCorrelation is an option for StartSession.
func WithCorrelation(id string) func(*RequestBuilder) {
	return func(rb *RequestBuilder) { rb.Correlation(id) }
}
