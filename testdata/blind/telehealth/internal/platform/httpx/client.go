// Package httpx holds HTTP helpers shared by provider clients and the
// admin and webhook servers.
package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/carelink/telehealth/internal/platform/retry"
)

// NewClient returns an http.Client with sane provider timeouts.
func NewClient(timeout time.Duration) *http.Client {
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     90 * time.Second,
			TLSHandshakeTimeout: 5 * time.Second,
		},
	}
}

// Call describes one JSON request to a provider.
type Call struct {
	Provider string
	Method   string
	URL      string
	Header   http.Header
	Body     any
	Out      any
}

type providerError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Error   *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// DoJSON performs c, decoding a 2xx body into c.Out and turning other
// statuses into *retry.StatusError.
func DoJSON(ctx context.Context, hc *http.Client, c Call) error {
	var body io.Reader
	if c.Body != nil {
		b, err := json.Marshal(c.Body)
		if err != nil {
			return fmt.Errorf("%s: encode: %w", c.Provider, err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, c.Method, c.URL, body)
	if err != nil {
		return err
	}
	for k, vs := range c.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	if c.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")

	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", c.Provider, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return fmt.Errorf("%s: read body: %w", c.Provider, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		se := &retry.StatusError{Provider: c.Provider, Status: resp.StatusCode}
		var pe providerError
		if json.Unmarshal(raw, &pe) == nil {
			se.Code, se.Message = pe.Code, pe.Message
			if pe.Error != nil {
				se.Code, se.Message = pe.Error.Code, pe.Error.Message
			}
		}
		return se
	}
	if c.Out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, c.Out); err != nil {
			return fmt.Errorf("%s: decode: %w", c.Provider, err)
		}
	}
	return nil
}
