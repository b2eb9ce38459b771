package fixes

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// payouts sends each request itself, with the headers it is given.
type payouts struct {
	base string
	hc   *http.Client
}

func (c *payouts) send(ctx context.Context, method, path string, body []byte, headers map[string]string) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var po = &payouts{base: "https://payouts.example", hc: http.DefaultClient}

func payOut(ctx context.Context, t *asynq.Task) error {
	return po.send(ctx, http.MethodPost, "/v1/payouts", t.Payload(), nil) // want `HTTP POST`
}

func payOutTraced(ctx context.Context, t *asynq.Task) error {
	return po.send(ctx, http.MethodPost, "/v1/payouts", t.Payload(), map[string]string{"X-Trace": "1"}) // want `HTTP POST`
}

func payOutLong(ctx context.Context, t *asynq.Task) error {
	return po.send(ctx, http.MethodPost, "/v1/payouts", t.Payload(), map[string]string{ // want `HTTP POST`
		"X-Trace": "1",
	})
}

func payOutVar(ctx context.Context, t *asynq.Task) error {
	h := map[string]string{"X-Trace": "1"}
	return po.send(ctx, http.MethodPost, "/v1/payouts", t.Payload(), h) // want `HTTP POST`
}

// sendHeader sends each request with the header set it is given.
func (c *payouts) sendHeader(ctx context.Context, method, path string, body []byte, h http.Header) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, vs := range h {
		for _, v := range vs {
			req.Header.Set(k, v)
		}
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// An http.Header's values are lists: the fix adds the key as a list
// of one.
func payOutHeaderLit(ctx context.Context, t *asynq.Task) error {
	return po.sendHeader(ctx, http.MethodPost, "/v1/payouts", t.Payload(), http.Header{"X-Trace": {"1"}}) // want `HTTP POST`
}

// A variable's http.Header gets the key with Set.
func payOutHeaderVar(ctx context.Context, t *asynq.Task) error {
	h := http.Header{"X-Trace": {"1"}}
	return po.sendHeader(ctx, http.MethodPost, "/v1/payouts", t.Payload(), h) // want `HTTP POST`
}
