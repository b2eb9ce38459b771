package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/avast/retry-go/v4"
)

type Config struct {
	BaseURL  string
	APIKey   string
	Timeout  time.Duration
	Attempts uint
}

type Client struct {
	base     *url.URL
	apiKey   string
	http     *http.Client
	attempts uint
	// OnAttempt, if set, is told about every HTTP exchange; the API wires
	// it to the payment attempt log.
	OnAttempt func(ctx context.Context, op, idempotencyKey string, status int, err error)
}

func NewClient(cfg Config) (*Client, error) {
	u, err := url.Parse(cfg.BaseURL)
	if err != nil {
		return nil, fmt.Errorf("payments: base url: %w", err)
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.Attempts == 0 {
		cfg.Attempts = 4
	}
	return &Client{
		base:     u,
		apiKey:   cfg.APIKey,
		http:     &http.Client{Timeout: cfg.Timeout},
		attempts: cfg.Attempts,
	}, nil
}

func (c *Client) Authorise(ctx context.Context, req AuthoriseRequest) (*Authorisation, error) {
	var out Authorisation
	if err := c.do(ctx, "authorise", http.MethodPost, "/v2/authorisations", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) IncrementAuthorisation(ctx context.Context, req IncrementRequest) (*Authorisation, error) {
	var out Authorisation
	path := "/v2/authorisations/" + url.PathEscape(req.AuthorisationRef) + "/increments"
	if err := c.do(ctx, "increment", http.MethodPost, path, req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Capture(ctx context.Context, req CaptureRequest) (*Capture, error) {
	var out Capture
	path := "/v2/authorisations/" + url.PathEscape(req.AuthorisationRef) + "/captures"
	if err := c.do(ctx, "capture", http.MethodPost, path, req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	var out RefundResult
	path := "/v2/authorisations/" + url.PathEscape(req.AuthorisationRef) + "/refunds"
	if err := c.do(ctx, "refund", http.MethodPost, path, req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Void(ctx context.Context, req VoidRequest) error {
	path := "/v2/authorisations/" + url.PathEscape(req.AuthorisationRef) + "/void"
	return c.do(ctx, "void", http.MethodPost, path, req.IdempotencyKey, req, nil)
}

func (c *Client) do(ctx context.Context, op, method, path, idemKey string, body, out any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("payments: encode %s: %w", op, err)
	}
	endpoint := c.base.ResolveReference(&url.URL{Path: path}).String()

	return retry.Do(
		func() error {
			status, err := c.send(ctx, method, endpoint, idemKey, payload, out)
			if c.OnAttempt != nil {
				c.OnAttempt(ctx, op, idemKey, status, err)
			}
			return err
		},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(200*time.Millisecond),
		retry.MaxDelay(3*time.Second),
		retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)),
		retry.MaxJitter(150*time.Millisecond),
		retry.LastErrorOnly(true),
		retry.RetryIf(retryable),
	)
}

func (c *Client) send(ctx context.Context, method, endpoint, idemKey string, payload []byte, out any) (int, error) {
	req, err := http.NewRequestWithContext(ctx, method, endpoint, bytes.NewReader(payload))
	if err != nil {
		return 0, retry.Unrecoverable(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		if apiErr.Code == "" {
			apiErr.Code = http.StatusText(resp.StatusCode)
		}
		return resp.StatusCode, apiErr
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, retry.Unrecoverable(fmt.Errorf("payments: decode response: %w", err))
		}
	}
	return resp.StatusCode, nil
}

func retryable(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Retryable()
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}
