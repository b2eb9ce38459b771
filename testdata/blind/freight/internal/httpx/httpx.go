// Package httpx holds small HTTP helpers shared by the REST transport and the
// outbound clients.
package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"

	"github.com/acme/freight/internal/domain"
)

const (
	HeaderIdempotencyKey = "Idempotency-Key"
	maxBodyBytes         = 1 << 20
)

// DecodeJSON decodes a size-limited JSON body into dst.
func DecodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("%w: %v", domain.ErrInvalid, err)
	}
	return nil
}

func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if v == nil {
		return
	}
	_ = json.NewEncoder(w).Encode(v)
}

// WriteError maps domain errors onto HTTP status codes.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, domain.ErrInvalid):
		status = http.StatusBadRequest
	case errors.Is(err, domain.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrAlreadyCanceled):
		status = http.StatusConflict
	case errors.Is(err, domain.ErrNoCapacity):
		status = http.StatusUnprocessableEntity
	}
	if status >= 500 {
		slog.ErrorContext(r.Context(), "request failed", "path", r.URL.Path, "err", err)
	}
	WriteJSON(w, status, map[string]string{"error": err.Error()})
}

// IdempotencyKey returns the caller-supplied Idempotency-Key header.
func IdempotencyKey(r *http.Request) (string, error) {
	k := strings.TrimSpace(r.Header.Get(HeaderIdempotencyKey))
	if k == "" {
		return "", fmt.Errorf("%w: %s header is required", domain.ErrInvalid, HeaderIdempotencyKey)
	}
	if len(k) > 255 {
		return "", fmt.Errorf("%w: %s header too long", domain.ErrInvalid, HeaderIdempotencyKey)
	}
	return k, nil
}

// ResponseStore persists the response of a keyed request so that a retried
// request can be answered without redoing the work.
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (body []byte, found bool, err error)
	Save(ctx context.Context, scope, key string, status int, body []byte) error
}

// Replay runs fn once per (scope, key): if a response was stored for the key
// it is decoded and returned instead of calling fn again.
func Replay[T any](ctx context.Context, store ResponseStore, scope, key string, fn func(context.Context) (T, error)) (T, bool, error) {
	var zero T
	body, found, err := store.Lookup(ctx, scope, key)
	if err != nil {
		return zero, false, err
	}
	if found {
		var cached T
		if err := json.Unmarshal(body, &cached); err != nil {
			return zero, false, err
		}
		return cached, true, nil
	}
	out, err := fn(ctx)
	if err != nil {
		return zero, false, err
	}
	body, err = json.Marshal(out)
	if err != nil {
		return out, false, err
	}
	if err := store.Save(ctx, scope, key, http.StatusCreated, body); err != nil {
		// The work itself succeeded; failing the request now would only
		// invite the client to retry it.
		slog.WarnContext(ctx, "idempotency: could not save response", "scope", scope, "err", err)
	}
	return out, false, nil
}

// Retry runs op with exponential backoff until it succeeds, returns a
// permanent error, ctx is done, or maxElapsed passes.
func Retry[T any](ctx context.Context, maxElapsed time.Duration, op func() (T, error)) (T, error) {
	b := backoff.NewExponentialBackOff(
		backoff.WithInitialInterval(200*time.Millisecond),
		backoff.WithMaxElapsedTime(maxElapsed),
	)
	return backoff.RetryWithData(op, backoff.WithContext(b, ctx))
}

// Permanent marks err as not worth retrying.
func Permanent(err error) error { return backoff.Permanent(err) }

// NewRetryableClient returns an *http.Client whose transport retries
// connection errors and 5xx/429 responses.
func NewRetryableClient(retryMax int, timeout time.Duration) *http.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = retryMax
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 5 * time.Second
	rc.Logger = slog.Default()
	c := rc.StandardClient()
	c.Timeout = timeout
	return c
}

// StatusError is returned by outbound clients for non-2xx responses.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("unexpected status %d: %s", e.Status, e.Body)
}

// Temporary reports whether the status is worth retrying.
func (e *StatusError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// CheckResponse turns a non-2xx response into a *StatusError, draining the body.
func CheckResponse(resp *http.Response) error {
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return &StatusError{Status: resp.StatusCode, Body: strings.TrimSpace(string(b))}
}
