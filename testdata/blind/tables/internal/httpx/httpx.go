// Package httpx holds small helpers shared by the outbound HTTP clients.
package httpx

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

// StatusError is returned for non-2xx responses.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("http %d: %s", e.Status, e.Body)
}

// Retryable reports whether a failed call may be attempted again.
func Retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Status == http.StatusTooManyRequests || se.Status >= 500
	}
	return true
}

// CheckResponse turns a non-2xx response into a *StatusError and drains it.
func CheckResponse(resp *http.Response) error {
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	return &StatusError{Status: resp.StatusCode, Body: string(b)}
}

// DefaultRetry is the retry policy used by the partner clients.
func DefaultRetry(attempts uint) []retry.Option {
	return []retry.Option{
		retry.Attempts(attempts),
		retry.Delay(250 * time.Millisecond),
		retry.MaxDelay(4 * time.Second),
		retry.DelayType(retry.BackOffDelay),
		retry.RetryIf(Retryable),
		retry.LastErrorOnly(true),
	}
}
