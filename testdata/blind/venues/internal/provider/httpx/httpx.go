// Package httpx holds the JSON-over-HTTP plumbing shared by the provider
// clients.
package httpx

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
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// APIError is a non-2xx response from a provider.
type APIError struct {
	Provider   string
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s: http %d: %s %s", e.Provider, e.StatusCode, e.Code, e.Message)
}

// Temporary reports whether the provider asked us to try again later.
func (e *APIError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// IsRetryable is the retry predicate the hand-rolled clients use: transport
// errors, timeouts, 429 and 5xx.
func IsRetryable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.Canceled) {
		return false
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Temporary()
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, context.DeadlineExceeded)
}

// DefaultClient is an http.Client with sane timeouts for provider calls.
func DefaultClient() *http.Client {
	return &http.Client{
		Timeout: 15 * time.Second,
		Transport: &http.Transport{
			Proxy:               http.ProxyFromEnvironment,
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     90 * time.Second,
			TLSHandshakeTimeout: 5 * time.Second,
		},
	}
}

// NewJSONRequest builds a request with a JSON body (nil for none).
func NewJSONRequest(ctx context.Context, method, url string, body any) (*http.Request, error) {
	var rdr io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("encode request: %w", err)
		}
		rdr = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rdr)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, nil
}

// Decode reads resp and unmarshals a 2xx body into a T. Non-2xx responses
// become *APIError.
func Decode[T any](provider string, resp *http.Response) (T, error) {
	var out T
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return out, fmt.Errorf("%s: read body: %w", provider, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &APIError{Provider: provider, StatusCode: resp.StatusCode}
		_ = json.Unmarshal(body, apiErr)
		return out, apiErr
	}
	if len(body) == 0 {
		return out, nil
	}
	if err := json.Unmarshal(body, &out); err != nil {
		return out, fmt.Errorf("%s: decode body: %w", provider, err)
	}
	return out, nil
}

// Do sends req with c and decodes the response into a T.
func Do[T any](c *http.Client, provider string, req *http.Request) (T, error) {
	resp, err := c.Do(req)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("%s: %s %s: %w", provider, req.Method, req.URL.Path, err)
	}
	return Decode[T](provider, resp)
}

var ErrBadSignature = errors.New("webhook signature mismatch")

// VerifyTimestampedHMAC checks a "t=<unix>,v1=<hex>" signature header over
// "<t>.<payload>", rejecting timestamps older than tolerance.
func VerifyTimestampedHMAC(secret string, payload []byte, header string, tolerance time.Duration, now time.Time) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: bad timestamp", ErrBadSignature)
	}
	if now.Sub(time.Unix(unix, 0)) > tolerance {
		return fmt.Errorf("%w: timestamp too old", ErrBadSignature)
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(payload)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ErrBadSignature
	}
	return nil
}
