package carrier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// requestOption mutates an outgoing carrier request before it is signed.
type requestOption func(*retryablehttp.Request)

func withIdempotencyKey(key string) requestOption {
	return func(r *retryablehttp.Request) {
		if key != "" {
			r.Header.Set("Idempotency-Key", key)
		}
	}
}

func withCorrelation(id string) requestOption {
	return func(r *retryablehttp.Request) {
		if id != "" {
			r.Header.Set("X-Correlation-Id", id)
		}
	}
}

// newRequest builds a carrier API request with the partner headers set. The
// body is marshalled once so that retryablehttp can rewind it between tries.
func (c *Client) newRequest(ctx context.Context, method, path string, body any, opts ...requestOption) (*retryablehttp.Request, error) {
	var raw []byte
	if body != nil {
		var err error
		raw, err = json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("carrier: encode body: %w", err)
		}
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("X-Partner-Id", c.partnerID)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("X-Request-Time", strconv.FormatInt(time.Now().Unix(), 10))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, o := range opts {
		o(req)
	}
	return req, nil
}

func isSuccess(code int) bool {
	return code >= http.StatusOK && code < http.StatusMultipleChoices
}
