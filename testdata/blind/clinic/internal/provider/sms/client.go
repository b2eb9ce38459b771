// Package sms sends text messages through the Textly API.
//
// Textly has no request de-duplication: every accepted POST is a message on
// the patient's phone. Its docs guarantee that 429 and 503 responses mean the
// message was NOT queued, so only those are retried here.
package sms

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/acme/clinic/internal/config"
	"github.com/acme/clinic/internal/provider/httpclient"
)

type sendRequest struct {
	To   string `json:"to"`
	Body string `json:"body"`
	From string `json:"from,omitempty"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

type Client struct {
	hc          *httpclient.Client
	maxAttempts int
	backoff     func(attempt int) time.Duration
}

func New(cfg config.Config) (*Client, error) {
	hc, err := httpclient.New(cfg.SMS.BaseURL, cfg.SMS.Timeout, httpclient.WithBearer(cfg.SMS.APIKey))
	if err != nil {
		return nil, err
	}
	return &Client{
		hc:          hc,
		maxAttempts: 4,
		backoff: func(attempt int) time.Duration {
			return time.Duration(attempt*attempt) * 250 * time.Millisecond
		},
	}, nil
}

// Send delivers body to the E.164 number and returns the provider message id.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	var lastErr error
	for attempt := 0; attempt < c.maxAttempts; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return "", ctx.Err()
			case <-time.After(c.backoff(attempt)):
			}
		}
		var out sendResponse
		err := c.hc.Do(ctx, http.MethodPost, "/v1/messages", &out,
			httpclient.WithJSONBody(sendRequest{To: to, Body: body}))
		if err == nil {
			return out.MessageID, nil
		}
		if !notQueued(err) {
			return "", err
		}
		lastErr = err
	}
	return "", lastErr
}

// notQueued reports whether the provider guarantees the message was not queued.
func notQueued(err error) bool {
	var se *httpclient.StatusError
	return errors.As(err, &se) &&
		(se.Code == http.StatusTooManyRequests || se.Code == http.StatusServiceUnavailable)
}

// IsRejected reports a definite rejection (bad number, opted out, ...), i.e.
// the provider did not and will not send the message.
func IsRejected(err error) bool {
	var se *httpclient.StatusError
	return errors.As(err, &se) && se.Code >= 400 && se.Code < 500
}
