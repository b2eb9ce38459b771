package a

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// refunds sends each request itself, with the headers it is given.
type refunds struct {
	base string
	hc   *http.Client
}

func (c *refunds) send(ctx context.Context, method, path string, body []byte, headers map[string]string) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var rc = &refunds{base: "https://refunds.example", hc: http.DefaultClient}

// A refund sent with no headers.
func giveBack(ctx context.Context, t *asynq.Task) error {
	return rc.send(ctx, http.MethodPost, "/v1/refunds", t.Payload(), nil) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler giveBack\)`
}

// A refund sent with headers that hold no key.
func refundTraced(ctx context.Context, t *asynq.Task) error {
	return rc.send(ctx, http.MethodPost, "/v1/refunds", t.Payload(), map[string]string{"X-Trace": "1"}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler refundTraced\)`
}

// Negative: keyed by the task's ID.
func refundKeyed(ctx context.Context, t *asynq.Task) error {
	return rc.send(ctx, "POST", "/v1/refunds", t.Payload(), map[string]string{"Idempotency-Key": t.ResultWriter().TaskID()})
}

// Negative: a read.
func refundStatus(ctx context.Context, t *asynq.Task) error {
	return rc.send(ctx, http.MethodGet, "/v1/refunds/1", nil, nil)
}

var sharedHeaders = map[string]string{}

// Negative: headers from elsewhere, which may hold a key.
func refundShared(ctx context.Context, t *asynq.Task) error {
	return rc.send(ctx, http.MethodPost, "/v1/refunds", t.Payload(), sharedHeaders)
}

// factoryClient makes each attempt's request with the factory it is given.
type factoryClient struct{ hc *http.Client }

func (c *factoryClient) attempt(ctx context.Context, newReq func() (*http.Request, error)) (*http.Response, error) {
	req, err := newReq()
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

var rr = &factoryClient{hc: http.DefaultClient}

// Negative: the request is made by a function value, whose headers the
// helper cannot tell.
func refundFactory(ctx context.Context, t *asynq.Task) error {
	resp, err := rr.attempt(ctx, func() (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodPost, "https://refunds.example/v1/refunds", bytes.NewReader(t.Payload()))
	})
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// bookings sends each request itself, with headers of its own only.
type bookings struct {
	base string
	hc   *http.Client
}

func (c *bookings) do(ctx context.Context, method, path string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var bc = &bookings{base: "https://partner.example", hc: http.DefaultClient}

// A booking the helper sends with no key.
func bookPartner(ctx context.Context, t *asynq.Task) error {
	return bc.do(ctx, http.MethodPost, "/v1/bookings", t.Payload()) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler bookPartner\)`
}

// Negative: the helper's read.
func bookingStatus(ctx context.Context, t *asynq.Task) error {
	return bc.do(ctx, http.MethodGet, "/v1/bookings/1", nil)
}

// Negative: a replacement at the same address.
func rebook(ctx context.Context, t *asynq.Task) error {
	return bc.do(ctx, http.MethodPut, "/v1/bookings/1", t.Payload())
}

// encoder sends each request itself, with every value of the header set
// it is given.
type encoder struct {
	base string
	hc   *http.Client
}

func (c *encoder) do(ctx context.Context, method, path string, hdr http.Header, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for k, vs := range hdr {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var enc = &encoder{base: "https://cards.example", hc: http.DefaultClient}

// An encoding keyed when the caller has a key, and the task always has.
func encodeCard(ctx context.Context, t *asynq.Task) error {
	hdr := http.Header{}
	if key := t.ResultWriter().TaskID(); key != "" {
		hdr.Set("Idempotency-Key", key)
	}
	return enc.do(ctx, http.MethodPost, "/v1/encodings", hdr, t.Payload())
}

// An encoding sent with a header set that holds no key.
func encodeTraced(ctx context.Context, t *asynq.Task) error {
	hdr := http.Header{}
	hdr.Set("X-Trace", "1")
	return enc.do(ctx, http.MethodPost, "/v1/encodings", hdr, t.Payload()) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler encodeTraced\)`
}
