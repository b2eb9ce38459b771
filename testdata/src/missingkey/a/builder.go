package a

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// partner is an API client that builds its requests in one method and
// sends them in another.
type partner struct {
	base string
	hc   *http.Client
}

// newRequest builds a request, with the idempotency key when given one.
func (c *partner) newRequest(ctx context.Context, method, path string, body []byte, key string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	return req, nil
}

// do sends a request.
func (c *partner) do(req *http.Request) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var pc = &partner{base: "https://partner.example", hc: http.DefaultClient}

// A transfer built without a key, sent by the helper.
func payOut(ctx context.Context, t *asynq.Task) error {
	req, err := pc.newRequest(ctx, http.MethodPost, "/v2/transfers", t.Payload(), "")
	if err != nil {
		return err
	}
	return pc.do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler payOut\)`
}

// Negative: the builder sets the task's ID as the key.
func payOutKeyed(ctx context.Context, t *asynq.Task) error {
	req, err := pc.newRequest(ctx, http.MethodPost, "/v2/transfers", t.Payload(), t.ResultWriter().TaskID())
	if err != nil {
		return err
	}
	return pc.do(req)
}

// Negative: a read.
func payOutStatus(ctx context.Context, t *asynq.Task) error {
	req, err := pc.newRequest(ctx, http.MethodGet, "/v2/transfers/1", nil, "")
	if err != nil {
		return err
	}
	return pc.do(req)
}

// Negative: the caller sets the key on the request the builder made.
func payOutHeader(ctx context.Context, t *asynq.Task) error {
	req, err := pc.newRequest(ctx, http.MethodPost, "/v2/transfers", t.Payload(), "")
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", t.ResultWriter().TaskID())
	return pc.do(req)
}
