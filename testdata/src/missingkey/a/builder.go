package a

import (
	"bytes"
	"context"
	"encoding/json"
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

// crew is a client whose helper sets its headers, sends the request
// it is given and decodes the answer into what it is given.
type crew struct {
	base, token string
	hc          *http.Client
}

func (c *crew) do(req *http.Request, out any) error {
	req.Header.Set("X-Partner-Token", c.token)
	if req.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

var cc = &crew{base: "https://crew.example", hc: http.DefaultClient}

// A dispatch the helper sends, with no key.
func dispatchCrew(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cc.base+"/v2/jobs", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	var job struct{ ID string }
	return cc.do(req, &job) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler dispatchCrew\)`
}

func (c *crew) doKeyed(req *http.Request, key string) error {
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Negative: the helper sets the key it is given on the request.
func dispatchKeyed(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cc.base+"/v2/jobs", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	return cc.doKeyed(req, t.ResultWriter().TaskID())
}
