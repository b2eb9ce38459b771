// Package custody is a REST client for the MPC custody provider that holds
// the exchange's hot wallets.
package custody

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Config configures the client.
type Config struct {
	BaseURL   string
	APIKey    string
	APISecret string
	Timeout   time.Duration
}

// Client talks to the custody provider.
type Client struct {
	http    *retryablehttp.Client
	baseURL string
	apiKey  string
	secret  []byte
	now     func() time.Time
}

// APIError is a non-2xx response from the provider.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("custody: %d %s: %s", e.Status, e.Code, e.Message)
}

// ErrDuplicate is returned when the provider has already accepted a
// request with the same idempotency key but different parameters.
var ErrDuplicate = errors.New("custody: idempotency key reused with different payload")

// New builds a client with retrying transport.
func New(cfg Config, logger *slog.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 300 * time.Millisecond
	rc.RetryWaitMax = 3 * time.Second
	rc.Logger = slogAdapter{logger}
	rc.CheckRetry = retryablehttp.ErrorPropagatedRetryPolicy
	if cfg.Timeout > 0 {
		rc.HTTPClient.Timeout = cfg.Timeout
	} else {
		rc.HTTPClient.Timeout = 20 * time.Second
	}
	return &Client{
		http:    rc,
		baseURL: cfg.BaseURL,
		apiKey:  cfg.APIKey,
		secret:  []byte(cfg.APISecret),
		now:     time.Now,
	}
}

// request is the provider-neutral form produced by the builders.
type request struct {
	method  string
	path    string
	query   url.Values
	body    any
	headers http.Header
}

func (c *Client) do(ctx context.Context, r *request, out any) error {
	var payload []byte
	if r.body != nil {
		b, err := json.Marshal(r.body)
		if err != nil {
			return fmt.Errorf("custody: encode: %w", err)
		}
		payload = b
	}
	u := c.baseURL + r.path
	if len(r.query) > 0 {
		u += "?" + r.query.Encode()
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, r.method, u, payload)
	if err != nil {
		return err
	}
	ts := strconv.FormatInt(c.now().Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", c.apiKey)
	req.Header.Set("X-Timestamp", ts)
	req.Header.Set("X-Signature", c.sign(ts, r.method, r.path, payload))
	for k, vs := range r.headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("custody: %s %s: %w", r.method, r.path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode == http.StatusUnprocessableEntity {
		return ErrDuplicate
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(body, apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(body, out)
}

func (c *Client) sign(ts, method, path string, body []byte) string {
	mac := hmac.New(sha256.New, c.secret)
	mac.Write([]byte(ts))
	mac.Write([]byte(method))
	mac.Write([]byte(path))
	mac.Write(body)
	return hex.EncodeToString(mac.Sum(nil))
}

// CreateTransfer submits an outbound transfer from a vault.
func (c *Client) CreateTransfer(ctx context.Context, b *TransferBuilder) (*Transaction, error) {
	r, err := b.build()
	if err != nil {
		return nil, err
	}
	var tx Transaction
	if err := c.do(ctx, r, &tx); err != nil {
		return nil, err
	}
	return &tx, nil
}

// CreateAddress allocates a new deposit address in a vault.
func (c *Client) CreateAddress(ctx context.Context, b *AddressBuilder) (*Address, error) {
	r, err := b.build()
	if err != nil {
		return nil, err
	}
	var a Address
	if err := c.do(ctx, r, &a); err != nil {
		return nil, err
	}
	return &a, nil
}

// GetTransaction fetches a transaction by the provider's id.
func (c *Client) GetTransaction(ctx context.Context, id string) (*Transaction, error) {
	var tx Transaction
	err := c.do(ctx, &request{method: http.MethodGet, path: "/v1/transactions/" + url.PathEscape(id)}, &tx)
	if err != nil {
		return nil, err
	}
	return &tx, nil
}

// VerifyWebhook checks the provider's signature over a webhook body.
func VerifyWebhook(secret, signature string, body []byte) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return errors.New("custody: bad webhook signature")
	}
	return nil
}

type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Error(msg string, kv ...interface{}) { a.l.Error(msg, kv...) }
func (a slogAdapter) Info(msg string, kv ...interface{})  { a.l.Debug(msg, kv...) }
func (a slogAdapter) Debug(msg string, kv ...interface{}) { a.l.Debug(msg, kv...) }
func (a slogAdapter) Warn(msg string, kv ...interface{})  { a.l.Warn(msg, kv...) }
